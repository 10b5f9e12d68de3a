// The ports the browser and `npm start` sections serve on. BENCH_PORT_BASE moves them all together (two runs on one
// machine, or a helper given its own range); without it they stay where README names them (8793-8799).
const base = Number(process.env.BENCH_PORT_BASE ?? "8793");
if (!Number.isInteger(base) || base < 1024 || base > 65_000)
  throw new Error(`BENCH_PORT_BASE must be a port number, not "${process.env.BENCH_PORT_BASE}"`);

const at = (offset: number) => String(base + offset);

export const BENCH_PORTS = {
  start: at(0),
  reels: at(1),
  pwa: at(3),
  pwaSlowLink: at(4),
  discover: at(5),
  lighthouse: process.env.BENCH_LIGHTHOUSE_PORT ?? at(6),
};
