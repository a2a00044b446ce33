import { writeFileSync } from "node:fs";
import { actionCatalogue } from "./action-catalogue";

writeFileSync("docs/actions.md", actionCatalogue());
