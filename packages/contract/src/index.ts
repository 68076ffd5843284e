import { z } from 'zod';

// Validation messages in Chinese wherever the contract's schemas run (server and web).
z.config(z.locales.zhCN());

export * from './channels';
export * from './limits';
export * from './messages';
export * from './paths';
export * from './sign';
export * from './number';
export * from './magnet';
export * from './codes-csv';
export * from './runtime-config';
export * from './schemas/common';
export * from './schemas/catalogue';
export * from './schemas/import';
export * from './schemas/account';
export * from './schemas/library';
export * from './schemas/commerce';
export * from './schemas/support';
export * from './schemas/admin';
export * from './schemas/operations';
