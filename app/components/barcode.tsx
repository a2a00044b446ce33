/** Quiet zone each side of the bars, in modules (Code 128 asks for 10). */
const QUIET = 10;
const HEIGHT = 50;

/** Code 128 modules (app/server/barcode.server.ts) as crisp SVG bars, with the code in text under them. */
export function Barcode({ modules, code }: { modules: string; code: string }) {
  const bars = [...modules.matchAll(/1+/g)].map((run) => ({ x: QUIET + run.index, width: run[0].length }));
  const width = modules.length + 2 * QUIET;
  return (
    <figure className="barcode">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={code} shapeRendering="crispEdges">
        <rect width={width} height={HEIGHT} fill="#fff" />
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} width={bar.width} height={HEIGHT} fill="#000" />
        ))}
      </svg>
      <figcaption>{code}</figcaption>
    </figure>
  );
}
