import path from 'node:path';

/**
 * The server package's folder (packages/server), for files it reads at run time: assets/ and the
 * web app's build beside it. Found from this module's own folder, which is src/ when the server
 * runs from source and dist/ when it runs compiled (the build puts every module in dist/'s top
 * level): one level down either way. So this module stays at the top of src/ (decision 050).
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
