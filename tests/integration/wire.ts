import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import {
  ActionFailure,
  createActionClient,
  remoteTransport,
  type Transport,
} from "../../app/server/action-client.server";
import { handleActionRequest } from "../../backend";
import { createDb } from "../../backend/db/client";
import { linkExpiry, signQuotationLink } from "../../backend/quotation-link";
import { eq } from "drizzle-orm";
import { courseBookings, posShifts, purchasedPlans } from "../../backend/db/schema";
import type { ExampleRecords } from "../../contract/examples";
import { EXAMPLE_MONTHLY_PLAN } from "../../modules/monthly-fee/contract";
import { EXAMPLE_RENTING_PRODUCT } from "../../modules/renting/contract";
import {
  createAddOn,
  createAppointmentRecord,
  createAppointmentService,
  createCategory,
  createCoach,
  createCoupon,
  createCourseType,
  createCreditPackage,
  createHeldCart,
  createHomeBanner,
  createMenuItem,
  createUploadedImage,
  createMember,
  createOrderRow,
  createPlanPromotionCode,
  createQuotation,
  createProduct,
  createProviderStaff,
  createPurchaseOrderRow,
  createPushNotification,
  createPushSubscription,
  createStore,
  createSupplier,
  createCustomPage,
  createEnquiry,
  createQuotationRequest,
  createStoreStaff,
  createCourseSession,
  createAppointmentCategory,
  createAppointmentProvider,
  createPaidCreditOrder,
  createMonthlyFeePlan,
  createMonthlyFeeRecord,
  createBookingProduct,
  createProductBooking,
  createRentingProduct,
  createRentingRecord,
} from "../helpers/factories";

export const db = () => createDb(env.DB);

/** The BFF's two transports: the backend in-process, and over HTTP to the backend Worker (SELF). */
export const transports = {
  embedded:
    (now?: () => Date): Transport =>
    (request) =>
      handleActionRequest(request, env, { now }),
  remote: (): Transport => remoteTransport("http://backend.test/api/action", (input, init) => SELF.fetch(input, init)),
};
export type TransportName = keyof typeof transports;
export const TRANSPORT_NAMES = Object.keys(transports) as TransportName[];

export function clientOver(name: TransportName, token?: string) {
  return createActionClient(transports[name](), token);
}

export async function signIn(name: TransportName, email: string, password: string) {
  const { data } = await clientOver(name).login({ email, password });
  if (!("token" in data)) throw new Error(`${email} signs in with two steps: see two-step.test.ts`);
  return data.token;
}

/** A new store (see createStore's options) and a client signed in as its owner over this transport. */
export async function merchant(transport: TransportName, options: Parameters<typeof createStore>[1] = {}) {
  const store = await createStore(db(), options);
  const client = clientOver(transport, await signIn(transport, store.email, store.password));
  return { store, client, key: { application_key: store.applicationKey } };
}

/** A store's activity log, oldest entry first, with `changes` parsed. */
export async function logOf(applicationKey: string) {
  const { results } = await env.DB.prepare(
    `SELECT action, data_type, record_id, record_name_zh_hk, record_name_en, actor_email, changes
     FROM log WHERE application_key = ? ORDER BY id`,
  )
    .bind(applicationKey)
    .all<{
      action: string;
      data_type: string;
      record_id: string;
      record_name_zh_hk: string | null;
      record_name_en: string | null;
      actor_email: string;
      changes: string;
    }>();
  return results.map((row) => ({ ...row, changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]> }));
}

/** Asserts that an action call failed with this HTTP status and message key. */
export async function expectFailure(call: Promise<unknown>, status: number, message: string) {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ActionFailure);
  expect({ status: (error as ActionFailure).status, message: (error as ActionFailure).messageKey }).toEqual({
    status,
    message,
  });
  return error as ActionFailure;
}

/** Hits of this hour in a rate-limit bucket (backend/rate-limit.ts), as if that many requests had come. */
export async function fillRateLimitBucket(bucket: string, hits: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO rate_limit_hit (bucket, created_at) SELECT ?, ? FROM n`,
  )
    .bind(hits, bucket, new Date().toISOString())
    .run();
}

/** A raw wire request, for what the typed client cannot send. */
export function postRaw(body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch("http://backend.test/api/action", { method: "POST", body, headers });
}

/**
 * A store with a record of every kind an example payload names; its plan has cash dollar and its setting
 * has it on, with a welcome amount, so the cash-dollar actions and the welcome credit run too.
 */
export async function storeWithRecords(): Promise<ExampleRecords & { email: string; password: string }> {
  const store = await createStore(db(), { hasCashDollar: true, cashDollarEnabled: true, welcomeCashDollarCents: 500 });
  const key = store.applicationKey;
  const [category, addOn, product, staff, internal, [purchase], code, member] = await Promise.all([
    createCategory(db(), key),
    createAddOn(db(), key),
    createProduct(db(), key),
    createStoreStaff(db(), key),
    createProviderStaff(db()),
    db().select().from(purchasedPlans).where(eq(purchasedPlans.applicationKey, key)),
    createPlanPromotionCode(db()),
    createMember(db(), key),
  ]);
  const coupon = await createCoupon(db(), key);
  // Its own product: an ordered product cannot be deleted, and the examples delete the example product.
  const order = await createOrderRow(db(), key, {
    status: "paid",
    paymentStatus: "succeeded",
    memberId: member.id,
    lines: [{ productId: (await createProduct(db(), key)).id, unitPriceCents: 10_000, quantity: 2 }],
  });
  const [held, recalled] = await Promise.all([
    createHeldCart(db(), key, product.productCode),
    createHeldCart(db(), key, product.productCode),
  ]);
  const [shift] = await db()
    .insert(posShifts)
    .values({ applicationKey: key, openedBy: store.email, floatCents: 500_00 })
    .returning({ id: posShifts.id });
  // Its own product, at its reorder point: the examples delete the example product.
  const supplied = await createProduct(db(), key, { stock: 2 });
  const supplier = await createSupplier(db(), key, [
    { productId: supplied.id, minimumOrderQuantity: 6, reorderPoint: 3 },
  ]);
  const closedSupplier = await createSupplier(db(), key);
  const ordered = await createPurchaseOrderRow(db(), key, supplier, [{ productId: supplied.id, quantity: 12 }], {
    status: "ordered",
    version: 2,
  });
  const draft = await createPurchaseOrderRow(db(), key, supplier, [{ productId: supplied.id, quantity: 6 }]);
  const customPage = await createCustomPage(db(), key, { publish: true });
  const [enquiry, closedEnquiry, mediEnquiry, closedMediEnquiry] = await Promise.all([
    createEnquiry(db(), key),
    createEnquiry(db(), key, { status: "closed" }),
    createEnquiry(db(), key, { kind: "medical", dateOfBirth: "1980-01-01" }),
    createEnquiry(db(), key, { kind: "medical", status: "closed" }),
  ]);
  const [push, scheduledPush, subscription] = await Promise.all([
    createPushNotification(db(), key),
    createPushNotification(db(), key, { status: "scheduled", sendAt: "2099-01-01T00:00:00.000Z" }),
    createPushSubscription(db(), key, { memberId: member.id }),
  ]);
  const [imageUrl, banner, menuItem] = await Promise.all([
    createUploadedImage(db(), key),
    createHomeBanner(db(), key),
    createMenuItem(db(), key),
  ]);
  await createMenuItem(db(), key, menuItem);
  const [coach, courseType] = await Promise.all([createCoach(db(), key), createCourseType(db(), key)]);
  const creditPackage = await createCreditPackage(db(), key, [courseType.id]);
  const [creditOrder, refundableCreditOrder] = await Promise.all([
    createPaidCreditOrder(db(), key, member.id, creditPackage),
    createPaidCreditOrder(db(), key, member.id, creditPackage),
  ]);
  const links = { courseTypeId: courseType.id, coachId: coach.id };
  const [session, { credit }] = await Promise.all([
    createCourseSession(db(), key, links),
    createPaidCreditOrder(db(), key, member.id, creditPackage),
  ]);
  const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
  const bookedSession = await createCourseSession(db(), key, links, {
    startsAt: dayAfter(session.startsAt),
    endsAt: dayAfter(session.endsAt),
  });
  const [booking] = await db()
    .insert(courseBookings)
    .values({
      applicationKey: key,
      sessionId: bookedSession.id,
      memberId: member.id,
      creditId: credit.id,
      creditsSpent: 1,
    })
    .returning({ id: courseBookings.id });
  const cancellableSession = await createCourseSession(db(), key, links);
  const monthlyPlan = await createMonthlyFeePlan(db(), key, {
    days: EXAMPLE_MONTHLY_PLAN.days,
    priceCents: EXAMPLE_MONTHLY_PLAN.price_cents,
  });
  const [monthlyFee, cancellableMonthlyFee] = await Promise.all([
    createMonthlyFeeRecord(db(), key, member.id, monthlyPlan, { periodStart: "2026-03-01" }),
    createMonthlyFeeRecord(db(), key, member.id, monthlyPlan, { periodStart: "2026-04-01" }),
  ]);
  const appointmentsOf = async (variant: "general" | "medical") => {
    const [used, spare, spareProvider, spareCategory] = await Promise.all([
      createAppointmentService(db(), key, { variant }),
      createAppointmentService(db(), key, { variant }),
      createAppointmentProvider(db(), key, { variant }),
      createAppointmentCategory(db(), key, { variant }),
    ]);
    return { used, spare, spareProvider, spareCategory };
  };
  const [general, medical] = await Promise.all([appointmentsOf("general"), appointmentsOf("medical")]);
  const [{ service: appointmentService }, { service: mediAppointmentService }] = await Promise.all([
    createAppointmentService(db(), key),
    createAppointmentService(db(), key, { variant: "medical" }),
  ]);
  const [appointmentRecord, mediAppointmentRecord, appointmentBooking, mediAppointmentBooking] = await Promise.all([
    createAppointmentRecord(db(), key, general.used.service),
    createAppointmentRecord(db(), key, medical.used.service, { patient: { allergies: "Latex" } }),
    createAppointmentRecord(db(), key, appointmentService),
    createAppointmentRecord(db(), key, mediAppointmentService),
  ]);
  const [quotationRequest, closableQuotationRequest] = await Promise.all([
    createQuotationRequest(db(), key, [{ product }]),
    createQuotationRequest(db(), key, [{ product }]),
  ]);
  const [{ quotation }, { quotation: approvedQuotation }, { quotation: linkedQuotation }] = await Promise.all([
    createQuotation(db(), key),
    createQuotation(db(), key, undefined, { status: "approved" }),
    createQuotation(db(), key),
  ]);
  const quotationToken = await signQuotationLink(env.SESSION_SECRET, {
    applicationKey: key,
    id: linkedQuotation.id,
    revision: 1,
    expires: linkExpiry(linkedQuotation.validUntil, new Date()),
  });
  const bookingProduct = await createBookingProduct(db(), key, { depositCents: 5_000 }, { stock: 1 });
  const productBooking = await createProductBooking(db(), key, bookingProduct.product.id, { depositCents: 5_000 });
  const rentingProduct = await createRentingProduct(db(), key, {
    nameZhHk: EXAMPLE_RENTING_PRODUCT.name_zh_hk,
    nameEn: EXAMPLE_RENTING_PRODUCT.name_en,
    unitsOwned: EXAMPLE_RENTING_PRODUCT.units_owned,
  });
  const [rental, cancellableRental] = await Promise.all([
    createRentingRecord(db(), key, rentingProduct, { startsAt: "2030-06-10T02:00:00.000Z" }),
    createRentingRecord(db(), key, rentingProduct, { startsAt: "2030-07-10T02:00:00.000Z" }),
  ]);
  return {
    email: store.email,
    password: store.password,
    application_key: key,
    category_id: category.id,
    add_on_product_id: addOn.id,
    product_code: product.productCode,
    store_staff_id: staff.id,
    plan_id: purchase.planId,
    purchased_plan_id: purchase.id,
    internal_account_id: internal.id,
    plan_promotion_code_id: code.id,
    member_id: member.id,
    coupon_id: coupon.id,
    order_id: order.order.id,
    order_line_id: order.lines[0].id,
    held_cart_id: held.id,
    recalled_held_cart_id: recalled.id,
    pos_shift_id: shift.id,
    supplier_id: supplier.id,
    supplier_product_code: supplied.productCode,
    closed_supplier_id: closedSupplier.id,
    purchase_order_id: ordered.order.id,
    purchase_order_line_id: ordered.lines[0].id,
    draft_purchase_order_id: draft.order.id,
    custom_page_id: customPage.id,
    custom_page_link: customPage.link,
    enquiry_id: enquiry.id,
    closed_enquiry_id: closedEnquiry.id,
    medi_enquiry_id: mediEnquiry.id,
    closed_medi_enquiry_id: closedMediEnquiry.id,
    push_notification_id: push.id,
    scheduled_push_notification_id: scheduledPush.id,
    push_subscription_id: subscription.id,
    uploaded_image_url: imageUrl,
    home_banner_id: banner.id,
    menu_item_id: menuItem.id,
    coach_id: coach.id,
    course_type_id: courseType.id,
    credit_package_id: creditPackage.id,
    credit_order_id: creditOrder.order.id,
    refundable_credit_order_id: refundableCreditOrder.order.id,
    course_session_id: session.id,
    member_credit_id: credit.id,
    course_booking_id: booking.id,
    cancellable_course_session_id: cancellableSession.id,
    monthly_fee_plan_id: monthlyPlan.id,
    monthly_fee_record_id: monthlyFee.id,
    cancellable_monthly_fee_record_id: cancellableMonthlyFee.id,
    appointment_provider_id: general.used.provider.id,
    appointment_category_id: general.used.category.id,
    appointment_service_id: general.used.service.id,
    spare_appointment_provider_id: general.spareProvider.id,
    spare_appointment_category_id: general.spareCategory.id,
    spare_appointment_service_id: general.spare.service.id,
    medi_appointment_provider_id: medical.used.provider.id,
    medi_appointment_category_id: medical.used.category.id,
    medi_appointment_service_id: medical.used.service.id,
    spare_medi_appointment_provider_id: medical.spareProvider.id,
    spare_medi_appointment_category_id: medical.spareCategory.id,
    spare_medi_appointment_service_id: medical.spare.service.id,
    appointment_record_id: appointmentRecord.id,
    medi_appointment_record_id: mediAppointmentRecord.id,
    appointment_booking_service_id: appointmentService.id,
    appointment_booking_id: appointmentBooking.id,
    medi_appointment_booking_service_id: mediAppointmentService.id,
    medi_appointment_booking_id: mediAppointmentBooking.id,
    quotation_request_id: quotationRequest.id,
    closable_quotation_request_id: closableQuotationRequest.id,
    quotation_id: quotation.id,
    approved_quotation_id: approvedQuotation.id,
    quotation_token: quotationToken!,
    booking_product_id: bookingProduct.product.id,
    booking_product_code: bookingProduct.product.productCode,
    product_booking_id: productBooking.id,
    renting_product_id: rentingProduct.id,
    renting_record_id: rental.id,
    cancellable_renting_record_id: cancellableRental.id,
  };
}
