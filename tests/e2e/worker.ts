// The product Worker wrapped for end-to-end tests only (never deployed): a clock that a test
// moves with the x-test-clock-offset header, and factory endpoints that build a test's own data.
import { and, eq, inArray } from "drizzle-orm";
import { createWorker } from "../../build/index.js";
import { issueBirthdayCoupons } from "../../backend/birthday-coupons";
import { expireGiftCards } from "../../modules/gift-card/expiry";
import { accountDirectory, categories, products, productVariants, pushOutbox } from "../../backend/db/schema";
import { runPushDeliveries } from "../../backend/push-delivery";
import type { BackendEnv } from "../../backend/env";
import { bookingLinkFor } from "../../backend/booking-link";
import { payLinkExpiry, signPayLink } from "../../backend/pay-link";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import {
  createAddOn,
  createAppointmentRecord,
  createAppointmentService,
  createCategory,
  createCoach,
  createCourseType,
  createCoupon,
  createCourseBookingSetup,
  createCourseSession,
  createGiftCard,
  createHomeBanner,
  createMember,
  createOfflineReview,
  createOrderRow,
  createPlanWithCode,
  createProduct,
  createLocation,
  setStockWhere,
  createProductWithVariants,
  createProviderStaff,
  createQuotation,
  createStore,
  createStoreStaff,
  disableAccount,
  waitForEmailTo,
  createCreditPackage,
  createMonthlyFeePlan,
  createRentingProduct,
  shardDb,
} from "../helpers/factories";
import { createRouteRecords } from "../helpers/route-records";
import { CONTROL, d1Of, everyDatabase, placementOf, storeShards } from "../../backend/db/databases";
import { createDb } from "../../backend/db/client";

const app = createWorker({
  now: (request: Request) => Date.now() + Number(request.headers.get("x-test-clock-offset") ?? 0),
});

let storesMade = 0;

/**
 * Where a factory call works: a new store goes to the next of STORE_SHARDS in turn, so the tests' stores spread over
 * every shard as the deployment's do; a call naming a store (by key, or by an account's e-mail) works on its shard;
 * anything else in the control database.
 */
async function factoryDb(
  env: BackendEnv,
  path: string,
  input: { applicationKey?: string; email?: string; merchantEmail?: string },
) {
  if (path === "/__test/store") {
    const shards = storeShards(env);
    return shardDb(env, shards[storesMade++ % shards.length]);
  }
  const control = createDb(d1Of(env, CONTROL));
  const email = input.email ?? input.merchantEmail;
  const applicationKey =
    input.applicationKey ??
    (email &&
      (await control.select().from(accountDirectory).where(eq(accountDirectory.email, email)))[0]?.applicationKey);
  const placement = applicationKey ? await placementOf(control, applicationKey) : null;
  return shardDb(env, placement?.shard ?? CONTROL);
}

async function factory(request: Request, env: BackendEnv): Promise<Response> {
  const input = (await request.json()) as Record<string, never>;
  const path = new URL(request.url).pathname;
  const db = await factoryDb(env, path, input);
  switch (path) {
    case "/__test/store":
      return Response.json(await createStore(db, input));
    case "/__test/provider-staff":
      return Response.json(await createProviderStaff(db, input));
    case "/__test/store-staff":
      return Response.json(await createStoreStaff(db, input.applicationKey, input));
    case "/__test/product":
      return Response.json(await createProduct(db, input.applicationKey, input));
    case "/__test/product-with-variants":
      return Response.json(
        await createProductWithVariants(
          db,
          input.applicationKey,
          input as unknown as Parameters<typeof createProductWithVariants>[2],
        ),
      );
    case "/__test/product-stock":
      // Stock arriving, as a purchase order's receipt or an inventory adjustment would bring it.
      await setStockWhere(
        db,
        inArray(
          productVariants.productId,
          db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.applicationKey, input.applicationKey), eq(products.productCode, input.productCode))),
        ),
        input.stock,
      );
      return Response.json({ ok: true });
    case "/__test/location":
      return Response.json(await createLocation(db, input.applicationKey, input));
    case "/__test/category":
      return Response.json(await createCategory(db, input.applicationKey, input.name));
    case "/__test/delete-category":
      await db
        .delete(categories)
        .where(and(eq(categories.applicationKey, input.applicationKey), eq(categories.id, input.id)));
      return Response.json({ ok: true });
    case "/__test/add-on":
      return Response.json(await createAddOn(db, input.applicationKey, input));
    case "/__test/coupon":
      return Response.json(await createCoupon(db, input.applicationKey, input));
    case "/__test/home-banner":
      return Response.json(await createHomeBanner(db, input.applicationKey, input));
    case "/__test/coach":
      return Response.json(await createCoach(db, input.applicationKey, input));
    case "/__test/course-type":
      return Response.json(await createCourseType(db, input.applicationKey, input));
    case "/__test/member":
      return Response.json(await createMember(db, input.applicationKey, input));
    case "/__test/gift-card":
      return Response.json(await createGiftCard(db, input.applicationKey, input));
    case "/__test/credit-package": {
      // A package on sale for a course type of its own.
      const type = await createCourseType(db, input.applicationKey);
      return Response.json(await createCreditPackage(db, input.applicationKey, [type.id], input));
    }
    case "/__test/monthly-fee-plan":
      return Response.json(await createMonthlyFeePlan(db, input.applicationKey, input));
    case "/__test/renting-product":
      return Response.json(await createRentingProduct(db, input.applicationKey, input));
    case "/__test/order":
      return Response.json(await createOrderRow(db, input.applicationKey, input));
    case "/__test/offline-review":
      return Response.json(await createOfflineReview(db, input.applicationKey));
    case "/__test/order-pay-link": {
      // An order awaiting payment by FPS and the path of its payment link.
      const { order } = await createOrderRow(db, input.applicationKey, { paymentMethod: "fps", ...input });
      const token = await signPayLink(env.SESSION_SECRET, {
        applicationKey: input.applicationKey,
        kind: "order",
        id: order.id,
        amountCents: order.totalCents,
        expires: payLinkExpiry(new Date()),
      });
      return Response.json({ order, path: `/pay/${token}` });
    }
    case "/__test/plan-with-code":
      return Response.json(await createPlanWithCode(db, input));
    case "/__test/birthday-coupons":
      // The monthly job alone, at a given time, in every database: the whole daily run would move every test
      // store's plan.
      for (const binding of everyDatabase(env)) await issueBirthdayCoupons(shardDb(env, binding), new Date(input.at));
      return Response.json({ ok: true });
    case "/__test/gift-card-expiry": {
      // The daily job's gift card expiry alone, at a given time (every store's cards past their expiry day).
      let expired = 0;
      for (const binding of everyDatabase(env))
        expired += await expireGiftCards(shardDb(env, binding), new Date(input.at));
      return Response.json({ expired });
    }
    case "/__test/push-jobs":
      // The minute job's push run, at a given time (a push scheduled minutes ahead is then due), in every database.
      for (const binding of everyDatabase(env)) await runPushDeliveries(shardDb(env, binding), env, new Date(input.at));
      return Response.json({ ok: true });
    case "/__test/push-outbox":
      return Response.json(
        await db
          .select()
          .from(pushOutbox)
          .where(eq(pushOutbox.applicationKey, input.applicationKey))
          .orderBy(pushOutbox.id),
      );
    case "/__test/appointment-service":
      return Response.json(await createAppointmentService(db, input.applicationKey, input));
    case "/__test/course-booking":
      return Response.json(await createCourseBookingSetup(db, input.applicationKey, input));
    case "/__test/appointment-record": {
      // A booking of a service of its own (and its own provider), tomorrow 10:00 HKT unless `startsAt`; reminded at
      // `remindedAt` if given.
      const { service, provider } = await createAppointmentService(db, input.applicationKey, {
        variant: input.variant ?? "general",
      });
      const overrides = Object.fromEntries(
        Object.entries({
          startsAt: input.startsAt,
          customerName: input.customerName,
          remindedAt: input.remindedAt,
        }).filter(([, value]) => value),
      );
      const record = await createAppointmentRecord(db, input.applicationKey, service, overrides);
      return Response.json({ service, provider, record });
    }
    case "/__test/appointment-booking-link": {
      // A booking of a service of its own, tomorrow 10:00 HKT unless `startsAt`, and the path of its customer's link.
      const { service } = await createAppointmentService(db, input.applicationKey, { service: input.service });
      const record = await createAppointmentRecord(db, input.applicationKey, service, {
        ...(input.startsAt ? { startsAt: input.startsAt } : {}),
      });
      const path = await bookingLinkFor(env.SESSION_SECRET, {
        applicationKey: input.applicationKey,
        kind: "general",
        id: record.id,
        startsAt: record.startsAt,
      });
      return Response.json({ service, record, path });
    }
    case "/__test/course-booking-link": {
      // A member booked on a class in two days (on the hour), another class of its course a day later, and the
      // path of the booking's link, in `language`.
      const onTheHour = (hours: number) =>
        new Date((Math.ceil(Date.now() / 3_600_000) + hours) * 3_600_000).toISOString();
      const setup = await createCourseBookingSetup(db, input.applicationKey, {
        booked: true,
        session: { startsAt: onTheHour(48), endsAt: onTheHour(49), location: "Room 2" },
      });
      const other = await createCourseSession(
        db,
        input.applicationKey,
        { courseTypeId: setup.type.id, coachId: setup.coach.id },
        { startsAt: onTheHour(72), endsAt: onTheHour(73), location: "Room 3" },
      );
      const path = await bookingLinkFor(
        env.SESSION_SECRET,
        {
          applicationKey: input.applicationKey,
          kind: "class",
          id: setup.booking!.id,
          startsAt: setup.session.startsAt,
        },
        input.language,
      );
      return Response.json({ ...setup, other, path });
    }
    case "/__test/quotation-link": {
      // A pending quotation (one free line unless `lines`) and the path of its customer's link.
      const { quotation } = await createQuotation(db, input.applicationKey, input.lines);
      const token = await signQuotationLink(env.SESSION_SECRET, {
        applicationKey: quotation.applicationKey,
        id: quotation.id,
        revision: quotation.revision,
        expires: linkExpiry(quotation.validUntil, new Date()),
      });
      return Response.json({ quotation, path: `/quotation-reply/${token}` });
    }
    case "/__test/route-records": {
      const records = await createRouteRecords(db, input.merchantEmail);
      // The customer's pages of the pending quotation and of the order awaiting payment open by their signed links.
      const quotationToken = await signQuotationLink(env.SESSION_SECRET, {
        applicationKey: records.quotationLink.applicationKey,
        id: records.quotationLink.id,
        revision: 1,
        expires: linkExpiry(records.quotationLink.validUntil, new Date()),
      });
      const payToken = await signPayLink(env.SESSION_SECRET, {
        ...records.payLink,
        expires: payLinkExpiry(new Date()),
      });
      const bookingPath = await bookingLinkFor(env.SESSION_SECRET, records.bookingLink);
      return Response.json({ ...records, quotationToken, payToken, bookingToken: bookingPath?.split("/").at(-1) });
    }
    case "/__test/disable":
      // A provider staff member's account is in the control database; factoryDb found a store account's shard.
      await disableAccount(db, input.kind, input.email);
      return Response.json({ ok: true });
    case "/__test/latest-email":
      return Response.json(await waitForEmailTo(db, input.to));
    default:
      return new Response("Not Found", { status: 404 });
  }
}

export default {
  fetch(request: Request, env: BackendEnv & Record<string, unknown>, ctx: ExecutionContext) {
    if (new URL(request.url).pathname.startsWith("/__test/")) return factory(request, env);
    return app.fetch!(request as never, env, ctx);
  },
};
