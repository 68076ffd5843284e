// The detail answer's zod schema, in a module of its own so that it (and zod, ≈ 26 KiB gzip)
// loads with the first detail call rather than with the page's code: a detail whose answer came
// in the page's HTML never needs it (decision 028).
export { workDetailResponse } from '@yingku/contract';
