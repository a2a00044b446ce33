import type { ActionName } from "../../contract/actions";
import type { ActionDefinition } from "../registry";
import { authActions } from "./auth";
import { staffActions } from "./staff";
import { storeActions } from "./store";

/** Every action the endpoint answers, by name. */
export const registry = new Map<string, ActionDefinition>(
  [...authActions, ...staffActions, ...storeActions].map((definition) => [
    definition.name,
    definition as unknown as ActionDefinition,
  ]),
) as ReadonlyMap<ActionName | string, ActionDefinition>;
