// The test worker's entry (the bundle's worker, which toolchain.ts's `workerEntry` names): load the project
// once, then run the batches of plan indices the main thread sends.
import { parentPort, workerData } from "node:worker_threads";
import { forbidNetwork, loadTests, serveTests, type WorkerInit } from "@jadpo/runtime";
import { loadForWorker } from "./commands/test/project.ts";

forbidNetwork();
if (parentPort) serveTests(parentPort, workerData as WorkerInit, (load) => loadForWorker({ loadTests }, load));
