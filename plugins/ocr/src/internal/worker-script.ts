// The bootstrap that starts `.ts` worker scripts under tsx is shared by every package that runs workers.
export { toWorkerScript } from '@transmute/plugin-sdk';
