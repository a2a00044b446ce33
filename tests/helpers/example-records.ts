import type { Db } from "../../backend/db/client";
import type { BaseExampleRecords } from "../../contract/examples";

/** Makes one module's example records in a store (`<module>ExampleRecords` in its factories.ts). */
export type ExampleRecordsMaker<R> = (db: Db, shared: SharedExampleRecords) => Promise<R>;

/** What every module's example records are made from (tests/integration/wire.ts storeWithRecords). */
export interface SharedExampleRecords extends BaseExampleRecords {
  /** The store owner's e-mail. */
  email: string;
  /** The secret the backend signs links with (a quotation's customer link). */
  session_secret: string;
  /** Another module's example records in the same store, made once however many modules build on them. */
  of<R>(make: ExampleRecordsMaker<R>): Promise<R>;
}
