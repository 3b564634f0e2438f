/** One queue per key, shared by every copy of the module in this process: see server/serialise.mjs. */
export { serialised } from '../../server/serialise.mjs';
