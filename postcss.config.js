import purgeCss from "@fullhuman/postcss-purgecss";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const APP_SOURCES = ["app/**/*.ts", "app/**/*.tsx"];
const POLARIS_DIR = "/node_modules/@shopify/polaris/";
const POLARIS_CSS = `${POLARIS_DIR}build/esm/styles.css`;
/** The app imports each component from its own module (see eslint.config.js); types from the index. */
const POLARIS_IMPORT = /^@shopify\/polaris(\/build\/esm\/.+\.js)?$/;

/**
 * The Polaris modules that survive bundling and tree shaking the app's sources: the components the app
 * renders, the ones they render in turn, and each one's class map (`*.css.js`, which lists every class
 * the component may set, variants picked at run time included).
 */
async function polarisModulesInUse() {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: APP_SOURCES,
    bundle: true,
    // Shared code goes to shared chunks once instead of into every entry's output: several times faster.
    splitting: true,
    format: "esm",
    write: false,
    metafile: true,
    outdir: "polaris-modules-in-use", // esbuild wants one for several entries; nothing is written
    logLevel: "silent",
    plugins: [
      {
        name: "only-polaris",
        setup(build) {
          build.onResolve({ filter: /.*/ }, ({ kind, path: imported, importer }) => {
            const followed =
              kind === "entry-point" ||
              POLARIS_IMPORT.test(imported) ||
              (imported.startsWith(".") && importer.includes(POLARIS_DIR));
            return followed ? undefined : { external: true };
          });
        },
      },
    ],
  });
  const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  return [...new Set(inputs.map((input) => path.resolve(ROOT, input)).filter((file) => file.includes(POLARIS_DIR)))];
}

/**
 * Remix runs this config on every CSS file it bundles. Only Polaris' stylesheet is touched: it keeps the
 * rules of the Polaris components the app uses (docs/scaling.md, "First-load CSS").
 */
const purgePolarisCss = {
  postcssPlugin: "purge-polaris-css",
  async OnceExit(root, helpers) {
    if (!root.source?.input.file?.endsWith(POLARIS_CSS)) return;
    const purge = purgeCss({
      content: [...(await polarisModulesInUse()), ...APP_SOURCES.map((glob) => path.join(ROOT, glob))],
      // Theme classes are composed at run time (`p-theme-${name}`, @shopify/polaris-tokens).
      safelist: { standard: [/^p-theme-/] },
    });
    await purge.OnceExit(root, helpers);
  },
};

export default { plugins: [purgePolarisCss] };
