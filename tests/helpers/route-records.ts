import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../backend/db/client";
import { categories, posShifts, purchasedPlans, storeAccounts } from "../../backend/db/schema";
import { createAddOn } from "../../modules/add-on-product/factories";
import { createAppointmentRecord } from "../../modules/appointment-record/factories";
import { createAppointmentService } from "../../modules/appointment-setup/factories";
import { createPasswordReset } from "../../modules/auth/factories";
import { createCategory } from "../../modules/category/factories";
import { createPlanPromotionCode, createProviderStaff } from "../../modules/console/factories";
import { createCourseBookingSetup } from "../../modules/course-booking/factories";
import { createCoach, createCourseType, createCreditPackage } from "../../modules/course-setup/factories";
import { createPaidCreditOrder } from "../../modules/credit-order/factories";
import { createCustomPage } from "../../modules/custom-page/factories";
import { createEnquiry } from "../../modules/enquiry/factories";
import { createHomeBanner } from "../../modules/home-banner/factories";
import { createMember } from "../../modules/member/factories";
import { createMonthlyFeePlan, createMonthlyFeeRecord } from "../../modules/monthly-fee/factories";
import { createOrderRow } from "../../modules/order/factories";
import { createBookingProduct, createProductBooking } from "../../modules/product-booking/factories";
import { createProduct } from "../../modules/product/factories";
import { createCoupon } from "../../modules/promotion/factories";
import { createPurchaseOrderRow } from "../../modules/purchase-order/factories";
import { firstLocationSql } from "../../modules/pos-shift/factories";
import { createPushNotification } from "../../modules/push-notification/factories";
import { createQuotationRequest } from "../../modules/quotation-request/factories";
import { createQuotation } from "../../modules/quotation/factories";
import { createRentingProduct, createRentingRecord } from "../../modules/renting/factories";
import { createMenuItem } from "../../modules/site-menu/factories";
import { createStoreStaff } from "../../modules/staff-account/factories";
import { createSupplier } from "../../modules/supplier/factories";
import { createStore } from "./factories";
import { moduleRouteRecords } from "./module-factories.generated";

/**
 * One record for every dynamic route segment (routes.spec.ts fills the URLs with them): a store with a
 * purchased plan for the console's store pages, a staff account and its password reset, and a category,
 * add-on and product in the store of `merchantEmail` for the store's own pages.
 */
export async function createRouteRecords(db: Db, merchantEmail: string) {
  const [merchantStore] = await db
    .select({ applicationKey: storeAccounts.applicationKey })
    .from(storeAccounts)
    .where(eq(storeAccounts.email, merchantEmail));
  if (!merchantStore) throw new Error(`no store account ${merchantEmail}`);
  const store = await createStore(db);
  const [purchased] = await db
    .select()
    .from(purchasedPlans)
    .where(eq(purchasedPlans.applicationKey, store.applicationKey));
  const staff = await createProviderStaff(db);
  const reset = await createPasswordReset(db, "console", staff.id);
  const category = await createCategory(db, merchantStore.applicationKey);
  const addOn = await createAddOn(db, merchantStore.applicationKey);
  const product = await createProduct(db, merchantStore.applicationKey);
  const member = await createMember(db, merchantStore.applicationKey);
  const coupon = await createCoupon(db, merchantStore.applicationKey);
  const order = await createOrderRow(db, merchantStore.applicationKey, {
    status: "unverified_payment",
    memberId: member.id,
    deliveryMethod: "sf_store",
    proofImageUrls: [`/uploads/${merchantStore.applicationKey}/proof.png`],
  });
  const payable = await createOrderRow(db, merchantStore.applicationKey, { paymentMethod: "fps", proofImageUrls: [] });
  const [merchantPurchase] = await db
    .select({ id: purchasedPlans.id })
    .from(purchasedPlans)
    .where(eq(purchasedPlans.applicationKey, merchantStore.applicationKey))
    .orderBy(desc(purchasedPlans.id))
    .limit(1);
  const code = await createPlanPromotionCode(db);
  const storeStaffAccount = await createStoreStaff(db, merchantStore.applicationKey);
  const [shift] = await db
    .insert(posShifts)
    .values({
      applicationKey: merchantStore.applicationKey,
      locationId: firstLocationSql(db, merchantStore.applicationKey),
      openedBy: merchantEmail,
      openedAt: "2026-01-02T01:00:00.000Z",
      floatCents: 500_00,
      closedBy: merchantEmail,
      closedAt: "2026-01-02T10:00:00.000Z",
      countedCents: 500_00,
      expectedCashCents: 500_00,
    })
    .returning({ id: posShifts.id });
  const supplier = await createSupplier(db, merchantStore.applicationKey, [
    { productId: product.id, minimumOrderQuantity: 2, reorderPoint: 10 },
  ]);
  const purchaseOrder = await createPurchaseOrderRow(
    db,
    merchantStore.applicationKey,
    supplier,
    [{ productId: product.id, quantity: 4, receivedQuantity: 1 }],
    { status: "partially_received" },
  );
  const { quotation } = await createQuotation(db, merchantStore.applicationKey, [
    { productId: product.id, unitPriceCents: 90_00, quantity: 2 },
    { name: "Installation", unitPriceCents: 300_00, quantity: 1 },
  ]);
  const customPage = await createCustomPage(db, merchantStore.applicationKey, {
    publish: true,
    content: "<h2>Our story</h2><p>Since 1998.</p>",
  });
  const [enquiry, mediEnquiry] = await Promise.all([
    createEnquiry(db, merchantStore.applicationKey),
    createEnquiry(db, merchantStore.applicationKey, {
      kind: "medical",
      dateOfBirth: "1980-05-06",
      preferredTimeSlot: "evening",
    }),
  ]);
  const push = await createPushNotification(db, merchantStore.applicationKey);
  // A slide showing one of the store's own images, so the pages show no missing file.
  const [image] = await db
    .select({ url: categories.imageUrl })
    .from(categories)
    .where(and(eq(categories.applicationKey, merchantStore.applicationKey), isNotNull(categories.imageUrl)))
    .limit(1);
  const banner = await createHomeBanner(
    db,
    merchantStore.applicationKey,
    image?.url ? { desktopImageUrl: image.url } : {},
  );
  const menuItem = await createMenuItem(db, merchantStore.applicationKey);
  const [coach, courseType] = await Promise.all([
    createCoach(db, merchantStore.applicationKey),
    createCourseType(db, merchantStore.applicationKey),
  ]);
  const creditPackage = await createCreditPackage(db, merchantStore.applicationKey, [courseType.id]);
  // A website's credit order whose proof waits for verification: its page offers every move.
  const creditOrder = await createPaidCreditOrder(db, merchantStore.applicationKey, member.id, creditPackage, {
    channel: "online",
    status: "unverified_payment",
    paymentMethod: "fps",
    paymentStatus: "no_payment_record",
    paidAt: null,
    proofImageUrls: [`/uploads/${merchantStore.applicationKey}/proof.png`],
  });
  const course = await createCourseBookingSetup(db, merchantStore.applicationKey, { booked: true });
  // A plan and a member's pending fee: their page offers paying, cancelling and stopping the renewal.
  const monthlyPlan = await createMonthlyFeePlan(db, merchantStore.applicationKey);
  await createMonthlyFeeRecord(db, merchantStore.applicationKey, member.id, monthlyPlan);
  const [appointment, mediAppointment] = await Promise.all([
    createAppointmentService(db, merchantStore.applicationKey),
    createAppointmentService(db, merchantStore.applicationKey, { variant: "medical" }),
  ]);
  const [appointmentRecord, mediAppointmentRecord] = await Promise.all([
    createAppointmentRecord(db, merchantStore.applicationKey, appointment.service),
    createAppointmentRecord(db, merchantStore.applicationKey, mediAppointment.service, {
      patient: { dateOfBirth: "1975-03-04", gender: "male", allergies: "Latex" },
    }),
  ]);
  const quotationRequest = await createQuotationRequest(db, merchantStore.applicationKey, [{ product }]);
  // A sold-out product taking bookings, and a booking of it waiting for stock.
  const bookingProduct = await createBookingProduct(db, merchantStore.applicationKey, { depositCents: 50_00 });
  const productBooking = await createProductBooking(db, merchantStore.applicationKey, bookingProduct.product.id);
  // A rental out now: its page offers the return with its late fee.
  const rentingProduct = await createRentingProduct(db, merchantStore.applicationKey);
  const rental = await createRentingRecord(db, merchantStore.applicationKey, rentingProduct, {
    status: "rented",
    startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  return {
    /** Each page's `:id` by the URL just before it (routes.spec.ts takes the longest that matches). */
    ids: {
      "/quotation-management/detail/": quotationRequest.id,
      "/product-booking/list/": productBooking.id,
      "/renting-product-list/detail/": rentingProduct.id,
      "/renting-record/detail/": rental.id,
      "/monthly-fee-record/plan/": monthlyPlan.id,
      "/monthly-fee-record/user/": member.id,
      "/appointment/provider/detail/": appointment.provider.id,
      "/appointment/category/detail/": appointment.category.id,
      "/appointment-list/detail/": appointment.service.id,
      "/medi-appointment/provider/detail/": mediAppointment.provider.id,
      "/medi-appointment/category/detail/": mediAppointment.category.id,
      "/medi-appointment-list/detail/": mediAppointment.service.id,
      "/appointment-record-list/": appointmentRecord.id,
      "/medi-appointment-record-list/": mediAppointmentRecord.id,
      "/yoga/yoga-course/coach/": coach.id,
      "/yoga/yoga-course/course-type/": courseType.id,
      "/yoga/yoga-credit/detail/": creditPackage.id,
      "/yoga-credit-order/detail/": creditOrder.order.id,
      "/yoga-course/timetable/detail/": course.session.id,
      "/member-list/yoga-course-record/": course.member.id,
      "/layout/home-design/": banner.id,
      "/layout/menu-management/": menuItem.id,
      "/plan-list/": purchased.planId,
      "/worker-account-list/": staff.id,
      "/category/detail/": category.id,
      "/add-on-product-list/": addOn.id,
      "/bills/": merchantPurchase.id,
      "/plan-promotion-list/": code.id,
      "/member-list/detail/": member.id,
      "/member-list/cash-dollar-record/": member.id,
      "/member-list/store-credit-record/": member.id,
      "/promotion/detail/": coupon.id,
      "/order-list/detail/": order.order.id,
      "/pos/shift/": shift.id,
      "/staff-account-list/": storeStaffAccount.id,
      "/supplier-list/": supplier.id,
      "/purchase-order-list/": purchaseOrder.order.id,
      "/quotation-list/detail/": quotation.id,
      "/layout/custom-page/detail/": customPage.id,
      "/enquiry-list/": enquiry.id,
      "/medi-enquiry-list/": mediEnquiry.id,
      "/push-notification-list/": push.id,
      "/reset-password/": reset.id,
      ...(await moduleRouteRecords(db, merchantStore.applicationKey)),
    },
    applicationKey: store.applicationKey,
    purchasedPlanId: purchased.id,
    reset,
    productCode: product.productCode,
    /** What the customer's link of that quotation signs (tests/e2e/worker.ts signs it with the secret). */
    quotationLink: { applicationKey: merchantStore.applicationKey, id: quotation.id, validUntil: quotation.validUntil },
    /** What the payment link of an order awaiting payment signs (tests/e2e/worker.ts signs it). */
    payLink: {
      applicationKey: merchantStore.applicationKey,
      kind: "order" as const,
      id: payable.order.id,
      amountCents: payable.order.totalCents,
    },
    /** What the customer's link of a booked appointment signs (tests/e2e/worker.ts signs it). */
    bookingLink: {
      applicationKey: merchantStore.applicationKey,
      kind: "general" as const,
      id: appointmentRecord.id,
      startsAt: appointmentRecord.startsAt,
    },
  };
}
