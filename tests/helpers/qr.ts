import jsQR from "jsqr";

const MODULE_PIXELS = 4;

/**
 * What a QR code that uqr drew as SVG reads as to a real decoder: the path's squares ("M<x>,<y>", 10 units a module)
 * are painted at 4 pixels a module on white and handed to jsQR. Null when it reads nothing.
 */
export function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]) / 10;
  const width = size * MODULE_PIXELS;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+),(\d+)/g)) {
    for (let dy = 0; dy < MODULE_PIXELS; dy++) {
      for (let dx = 0; dx < MODULE_PIXELS; dx++) {
        const at = ((Number(y) / 10) * MODULE_PIXELS + dy) * width + (Number(x) / 10) * MODULE_PIXELS + dx;
        pixels.set([0, 0, 0, 255], at * 4);
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
