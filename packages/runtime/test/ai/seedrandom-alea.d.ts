// seedrandom's Alea on its own: the package's main module also loads node:crypto at start-up (to
// seed its other generators from entropy, which a test never does). The same function as `seedrandom.alea`.
declare module "seedrandom/lib/alea.js" {
  import type seedrandom from "seedrandom";
  const alea: typeof seedrandom.alea;
  export default alea;
}
