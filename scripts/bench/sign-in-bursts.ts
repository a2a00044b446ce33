/**
 * Bursts of wrong sign-ins at once (each for its own address), a pause longer than workerd's 5-second
 * keep-alive between them (where `wrangler dev`'s proxy once answered 503, workers-sdk#14641): the
 * statuses they got, and how soon. Run alone against any server: `npx tsx scripts/bench/sign-in-bursts.ts
 * http://localhost:8787` (after `npm start`).
 */
export async function signInBursts(base: string, bursts = 5, size = 50) {
  const statuses: Record<number, number> = {};
  const times: number[] = [];
  for (let burst = 0; burst < bursts; burst++) {
    if (burst > 0) await new Promise((resolve) => setTimeout(resolve, 6_000));
    const answers = await Promise.all(
      Array.from({ length: size }, async (_, index) => {
        const start = performance.now();
        const response = await fetch(`${base}/api/action`, {
          method: "POST",
          body: new URLSearchParams({
            login: JSON.stringify({
              email: `burst-${burst}-${index}-${Date.now()}@bench.test`,
              password: "wrong-pass-1",
            }),
          }),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - start };
      }),
    );
    for (const { status, ms } of answers) {
      statuses[status] = (statuses[status] ?? 0) + 1;
      times.push(ms);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `${bursts} bursts of ${size} sign-ins at once: statuses ${JSON.stringify(statuses)}, p50 ${Math.round(times[times.length >> 1])} ms, slowest ${Math.round(times[times.length - 1])} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await signInBursts(process.argv[2] ?? "http://localhost:8787");
