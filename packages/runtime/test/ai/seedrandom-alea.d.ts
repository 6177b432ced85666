// seedrandom's Alea on its own, for the oracle test (alea.test.ts) the runtime's own Alea is
// checked against; nothing in the runtime loads seedrandom. The same function as `seedrandom.alea`.
declare module "seedrandom/lib/alea.js" {
  import type seedrandom from "seedrandom";
  const alea: typeof seedrandom.alea;
  export default alea;
}
