/**
 * `npm run cluster`: PostgreSQL, an S3-compatible store, three app instances and nginx in front,
 * on this machine. Stops everything on Ctrl-C. CLUSTER_PORT (default 8080), CLUSTER_DIR
 * (default .cluster) and CLUSTER_INSTANCES (default 3) change the defaults.
 */
import { startCluster } from './cluster-lib';

const cluster = await startCluster({
  dir: process.env.CLUSTER_DIR ?? '.cluster',
  port: Number(process.env.CLUSTER_PORT ?? 8080),
  instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
  log: (line) => console.log(line),
});
console.log(`\nListboard is up on ${cluster.url} — Ctrl-C stops every part.`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
