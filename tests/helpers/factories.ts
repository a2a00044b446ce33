import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { hashPassword, randomToken, sha256Hex } from "../../backend/crypto";
import { refreshCurrentPlan } from "../../backend/current-plan";
import type { Db } from "../../backend/db/client";
import {
  productBookingSettings,
  productBookings,
  addOnProducts,
  appointmentCategories,
  appointmentPatients,
  appointmentProviders,
  appointmentRecords,
  appointmentSchedules,
  appointmentServices,
  monthlyFeePlans,
  monthlyFeeRecords,
  rentingProducts,
  rentingRecords,
  categories,
  customPages,
  coupons,
  courseBookings,
  courseCoaches,
  courseSessions,
  courseTypes,
  creditOrders,
  creditPackageCourseTypes,
  creditPackages,
  homeBanners,
  memberCredits,
  menuItems,
  uploads,
  emailOutbox,
  internalAccounts,
  members,
  orderLines,
  orderPayments,
  orderStatusHistory,
  orders,
  posShifts,
  passwordResetTokens,
  planPromotionCodes,
  plans,
  productAddOns,
  products,
  purchasedPlans,
  storeAccounts,
  storeSettings,
  storeStaff,
  websiteData,
  posHeldCarts,
  purchaseOrderHistory,
  purchaseOrderLines,
  purchaseOrders,
  pushNotifications,
  pushSubscriptions,
  supplierProducts,
  suppliers,
  enquiries,
  enquiryMessages,
  quotationRequestLines,
  quotationRequests,
  quotationHistory,
  quotationLines,
  quotations,
} from "../../backend/db/schema";
import { hongKongDate, hongKongDayStart } from "../../contract/dates";
import { MODULE_IDS, type ModuleId } from "../../contract/modules";
import { roleDefaults } from "../../contract/permissions";
import type { PermissionLevel, StaffRole } from "../../contract/actions";

export const FACTORY_PASSWORD = "factory-pass-1";
let passwordHash: string | undefined;
// Hashing is deliberately slow; every factory account shares one hash of the same password.
const factoryPasswordHash = () => (passwordHash ??= hashPassword(FACTORY_PASSWORD));

const unique = () => crypto.randomUUID().slice(0, 8);

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface StoreOptions {
  modules?: readonly ModuleId[];
  cmsSideMenu?: readonly ModuleId[];
  planType?: "trial" | "paid";
  expiresInDays?: number;
  enquiryOnly?: boolean;
  disabled?: boolean;
  withPlan?: boolean;
  subDomain?: string | null;
  /** The plan offers only zh-HK and HKD. */
  defaultLanguageAndCurrencyOnly?: boolean;
  hasCashDollar?: boolean;
  hasVip?: boolean;
  /** The store's promotion setting has cash dollar on (its plan needs hasCashDollar). */
  cashDollarEnabled?: boolean;
  welcomeCashDollarCents?: number;
  /** The store's promotion setting issues birthday coupons (10% off). */
  birthdayCoupons?: boolean;
  /**
   * The store takes website orders: cash and FPS (with a proof of payment) in its payment setting, SF
   * store pick-up (HK$30 anywhere) and self pickup in its delivery setting.
   */
  sells?: boolean;
  /** With `sells`: the store also takes cards, at this card fee (in basis points: 350 is 3.5 %). */
  cardFeeBasisPoints?: number;
}

/** The pickup address of a store that sells (`sells`). */
export const SHOP_ADDRESS = "Shop 1, 1 Example Street";

/** A store with its account, website data and (unless withPlan is false) a current plan. */
export async function createStore(db: Db, options: StoreOptions = {}) {
  const id = unique();
  const applicationKey = `store-${id}`;
  const email = `merchant-${id}@factory.test`;
  const modules = options.modules ?? MODULE_IDS;
  const today = hongKongDate(new Date());
  const [store] = await db
    .insert(storeAccounts)
    .values({
      applicationKey,
      storeName: `Store ${id}`,
      email,
      passwordHash: factoryPasswordHash(),
      subDomain: options.subDomain === undefined ? `shop-${id}` : options.subDomain,
      cmsSideMenu: [...(options.cmsSideMenu ?? MODULE_IDS)],
      acceptLanguage: ["zh-HK"],
      acceptCurrency: ["HKD"],
      enquiryOnly: options.enquiryOnly ?? false,
      disabled: options.disabled ?? false,
    })
    .returning();
  await db.insert(websiteData).values({ applicationKey });
  if (options.cashDollarEnabled || options.welcomeCashDollarCents || options.birthdayCoupons) {
    await db
      .update(storeSettings)
      .set({
        cashDollarEnabled: options.cashDollarEnabled ?? false,
        welcomeCashDollarCents: options.welcomeCashDollarCents ?? 0,
        birthdayCouponEnabled: options.birthdayCoupons ?? false,
      })
      .where(eq(storeSettings.applicationKey, applicationKey));
  }
  if (options.sells) {
    await db
      .update(storeSettings)
      .set({
        paymentMethods: {
          cash: { enabled: true },
          fps: { enabled: true, account_id: "12345678", requires_proof: true },
          ...(options.cardFeeBasisPoints === undefined ? {} : { credit_card: { enabled: true } }),
        },
        cardFeeBasisPoints: options.cardFeeBasisPoints ?? 0,
        deliveryMethods: {
          sf_store: { enabled: true, charge_cents: { hk: 30_00, kln: 30_00, nt: 30_00, island: 30_00 } },
          self_pickup: { enabled: true, pickup_addresses: [SHOP_ADDRESS] },
        },
      })
      .where(eq(storeSettings.applicationKey, applicationKey));
  }
  if (options.withPlan !== false) {
    const planType = options.planType ?? "paid";
    const [plan] = await db
      .insert(plans)
      .values({
        nameZhHk: `計劃 ${id}`,
        nameEn: `Plan ${id}`,
        planType,
        periodDays: 30,
        moduleList: [...modules],
        defaultLanguageAndCurrencyOnly: options.defaultLanguageAndCurrencyOnly ?? false,
        hasCashDollar: options.hasCashDollar ?? false,
        hasVip: options.hasVip ?? false,
      })
      .returning();
    await db.insert(purchasedPlans).values({
      applicationKey,
      planId: plan.id,
      storePaymentId: planType === "trial" ? "trial" : `payment-${id}`,
      startDate: addDays(today, -1),
      expiryDate: addDays(today, options.expiresInDays ?? 30),
      planType,
      planNameZhHk: plan.nameZhHk,
      planNameEn: plan.nameEn,
      moduleList: [...modules],
      defaultLanguageAndCurrencyOnly: plan.defaultLanguageAndCurrencyOnly,
      hasCashDollar: plan.hasCashDollar,
      hasVip: plan.hasVip,
    });
    await refreshCurrentPlan(db, today, applicationKey);
  }
  return { id: store.id, applicationKey, email, password: FACTORY_PASSWORD, storeName: store.storeName };
}

/** A plan promotion code, valid from yesterday for a year (Hong Kong days), 10% off every plan by default. */
export async function createPlanPromotionCode(db: Db, options: Partial<typeof planPromotionCodes.$inferInsert> = {}) {
  const today = hongKongDate(new Date());
  const [row] = await db
    .insert(planPromotionCodes)
    .values({
      code: `CODE${unique().toUpperCase()}`,
      discountType: "percentage",
      discountValue: 10,
      validFrom: addDays(today, -1),
      validTo: addDays(today, 365),
      ...options,
    })
    .returning();
  return row;
}

/** A paid plan of HK$1,000.00 and a promotion code for it alone (15% off unless `options` say otherwise). */
export async function createPlanWithCode(db: Db, options: Partial<typeof planPromotionCodes.$inferInsert> = {}) {
  const id = unique();
  const [plan] = await db
    .insert(plans)
    .values({ nameZhHk: `計劃 ${id}`, nameEn: `Plan ${id}`, planType: "paid", priceCents: 100_000, periodDays: 30 })
    .returning();
  const code = await createPlanPromotionCode(db, { discountValue: 15, planIds: [plan.id], ...options });
  return { planId: plan.id, planNameZhHk: plan.nameZhHk, planNameEn: plan.nameEn, code: code.code };
}

export async function createProviderStaff(db: Db, options: { disabled?: boolean } = {}) {
  const email = `staff-${unique()}@factory.test`;
  const [row] = await db
    .insert(internalAccounts)
    .values({ email, name: "Factory Staff", passwordHash: factoryPasswordHash(), disabled: options.disabled ?? false })
    .returning();
  return { id: row.id, email, password: FACTORY_PASSWORD };
}

export async function createStoreStaff(
  db: Db,
  applicationKey: string,
  options: { role?: StaffRole; permissions?: Partial<Record<ModuleId, PermissionLevel>> } = {},
) {
  const role = options.role ?? "sales";
  const email = `${role}-${unique()}@factory.test`;
  const [row] = await db
    .insert(storeStaff)
    .values({
      applicationKey,
      email,
      name: `Factory ${role}`,
      passwordHash: factoryPasswordHash(),
      role,
      permissions: { ...roleDefaults(role), ...options.permissions },
    })
    .returning();
  return { id: row.id, email, password: FACTORY_PASSWORD };
}

export async function disableAccount(db: Db, kind: "console" | "store" | "store_staff", email: string) {
  const table = { console: internalAccounts, store: storeAccounts, store_staff: storeStaff }[kind];
  await db.update(table).set({ disabled: true }).where(eq(table.email, email));
}

export async function latestEmailTo(db: Db, recipient: string) {
  const [message] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, recipient))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return message;
}

/** The latest e-mail to `recipient`, waiting for it: some mail is sent after the reply (waitUntil). */
export async function waitForEmailTo(db: Db, recipient: string) {
  for (let tries = 0; tries < 100; tries++) {
    const message = await latestEmailTo(db, recipient);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${recipient}`);
}

export async function createCategory(db: Db, applicationKey: string, name = `Category ${unique()}`) {
  const [row] = await db
    .insert(categories)
    .values({ applicationKey, nameZhHk: name, nameEn: name, publish: true })
    .returning();
  return row;
}

/** An add-on product (HK$10, 10 in stock); `forProductId` offers it on that product's lines. */
export async function createAddOn(
  db: Db,
  applicationKey: string,
  { forProductId, ...overrides }: Partial<typeof addOnProducts.$inferInsert> & { forProductId?: number } = {},
) {
  const [row] = await db
    .insert(addOnProducts)
    .values({
      applicationKey,
      nameZhHk: `Add-on ${unique()}`,
      priceCents: 1000,
      stock: 10,
      publish: true,
      ...overrides,
    })
    .returning();
  if (forProductId) {
    await db.insert(productAddOns).values({ applicationKey, productId: forProductId, addOnProductId: row.id });
  }
  return row;
}

export async function createCustomPage(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof customPages.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(customPages)
    .values({ applicationKey, titleZhHk: `頁面 ${id}`, titleEn: `Page ${id}`, link: `page-${id}`, ...overrides })
    .returning();
  return row;
}

/** An image stored for the store (its upload row; the file itself is not needed to save a form with it). */
export async function createUploadedImage(db: Db, applicationKey: string) {
  const objectKey = `uploads/${applicationKey}/${await sha256Hex(unique())}.png`;
  await db.insert(uploads).values({ applicationKey, objectKey, contentType: "image/png", size: 68 });
  return `/${objectKey}`;
}

/** A published slide without a window, last in the store's order. */
export async function createHomeBanner(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof homeBanners.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(homeBanners)
    .values({
      applicationKey,
      desktopImageUrl: `/uploads/${applicationKey}/${"0".repeat(64)}.png`,
      altZhHk: `橫額 ${id}`,
      altEn: `Banner ${id}`,
      publish: true,
      position: sql`(select coalesce(max(position), 0) + 1 from home_banner where application_key = ${applicationKey})`,
      ...overrides,
    })
    .returning();
  return row;
}

/** A menu item linking to a web address, last under its parent (or at the top). */
export async function createMenuItem(
  db: Db,
  applicationKey: string,
  parent: { id: number; depth: number } | null = null,
  overrides: Partial<typeof menuItems.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(menuItems)
    .values({
      applicationKey,
      parentId: parent?.id ?? null,
      depth: (parent?.depth ?? 0) + 1,
      position: sql`(select coalesce(max(position), 0) + 1 from menu_item where application_key = ${applicationKey})`,
      labelZhHk: `項目 ${id}`,
      labelEn: `Item ${id}`,
      linkKind: "url",
      linkUrl: `/item-${id}`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function createProduct(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const code = `P-${unique()}`;
  const [row] = await db
    .insert(products)
    .values({
      applicationKey,
      productCode: code,
      nameZhHk: `產品 ${code}`,
      priceCents: 10000,
      stock: 5,
      publish: true,
      ...overrides,
    })
    .returning();
  return row;
}

/** A member of the store, general level, with a unique e-mail and phone unless `overrides` say otherwise. */
export async function createMember(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof members.$inferInsert> = {},
) {
  const id = unique();
  // The store's next number, as add_member_data gives it.
  const next = sql`(select coalesce(max(member_number), 0) + 1 from member where application_key = ${applicationKey})`;
  const [row] = await db
    .insert(members)
    .values({
      applicationKey,
      memberNumber: next,
      memberCode: sql`(select printf('M%05d', ${next}))`,
      name: `Member ${id}`,
      email: `member-${id}@factory.test`,
      phone: `9${String(parseInt(id.slice(0, 7), 16) % 10_000_000).padStart(7, "0")}`,
      registrationDate: hongKongDate(new Date()),
      ...overrides,
    })
    .returning();
  return row;
}

/** A store's coupon (10% off, reusable, for everyone, running from a day ago to in 30 days), with a code of its own. */
export async function createCoupon(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof coupons.$inferInsert> = {},
) {
  const now = Date.now();
  const [row] = await db
    .insert(coupons)
    .values({
      applicationKey,
      titleZhHk: `優惠 ${unique()}`,
      titleEn: `Coupon ${unique()}`,
      code: unique().slice(0, 5).toUpperCase(),
      usage: "reusable",
      audience: "all",
      discountType: "percentage",
      discountValue: 10,
      startsAt: new Date(now - 86_400_000).toISOString(),
      expiresAt: new Date(now + 30 * 86_400_000).toISOString(),
      ...overrides,
    })
    .returning();
  return row;
}

/** A password-reset link's id and token for an account, as the forget-password e-mail would carry them. */
export async function createPasswordReset(db: Db, accountType: "console" | "store" | "store_staff", accountId: number) {
  const token = randomToken();
  const now = Date.now();
  const [row] = await db
    .insert(passwordResetTokens)
    .values({
      accountType,
      accountId,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now + 3_600_000).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    .returning({ id: passwordResetTokens.id });
  return { id: row.id, token };
}

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
    quotationRequestId: quotationRequest.id,
    productBookingId: productBooking.id,
    rentingProductId: rentingProduct.id,
    rentingRecordId: rental.id,
    monthlyFeePlanId: monthlyPlan.id,
    monthlyFeeMemberId: member.id,
    appointmentProviderId: appointment.provider.id,
    appointmentCategoryId: appointment.category.id,
    appointmentServiceId: appointment.service.id,
    mediAppointmentProviderId: mediAppointment.provider.id,
    mediAppointmentCategoryId: mediAppointment.category.id,
    mediAppointmentServiceId: mediAppointment.service.id,
    appointmentRecordId: appointmentRecord.id,
    mediAppointmentRecordId: mediAppointmentRecord.id,
    coachId: coach.id,
    courseTypeId: courseType.id,
    creditPackageId: creditPackage.id,
    creditOrderId: creditOrder.order.id,
    courseSessionId: course.session.id,
    courseMemberId: course.member.id,
    homeBannerId: banner.id,
    menuItemId: menuItem.id,
    applicationKey: store.applicationKey,
    purchasedPlanId: purchased.id,
    planId: purchased.planId,
    staffId: staff.id,
    reset,
    categoryId: category.id,
    addOnId: addOn.id,
    productCode: product.productCode,
    merchantPurchasedPlanId: merchantPurchase.id,
    planPromotionCodeId: code.id,
    memberId: member.id,
    couponId: coupon.id,
    orderId: order.order.id,
    posShiftId: shift.id,
    storeStaffId: storeStaffAccount.id,
    supplierId: supplier.id,
    purchaseOrderId: purchaseOrder.order.id,
    quotationId: quotation.id,
    /** What the customer's link of that quotation signs (tests/e2e/worker.ts signs it with the secret). */
    quotationLink: { applicationKey: merchantStore.applicationKey, validUntil: quotation.validUntil },
    customPageId: customPage.id,
    enquiryId: enquiry.id,
    mediEnquiryId: mediEnquiry.id,
    pushNotificationId: push.id,
  };
}

export interface OrderLineSpec {
  /** A product (its id) or an add-on; the line's price and name default to the product's. */
  productId?: number;
  addOnProductId?: number;
  kind?: "product" | "line_add_on" | "order_add_on";
  unitPriceCents: number;
  quantity: number;
  refundedQuantity?: number;
}

export type OrderOptions = Partial<Omit<typeof orders.$inferInsert, "applicationKey" | "orderNumber">> & {
  lines?: OrderLineSpec[];
  /** One payment of the total by `paymentMethod` (cash unless set), with this status; none by default. */
  paymentStatus?: "no_payment_record" | "succeeded" | "failed" | "refunded";
  proofImageUrls?: string[];
};

/** Statuses an order reaches only once paid: the factory stamps its `paid_at` (now unless given). */
const PAID_ONCE = ["paid", "preparing", "delivering", "completed", "refunded"];

/**
 * An order written straight into the tables, as the checkout engine would leave it (its stock, coupon and
 * cash dollar already taken): the store's next order number, its lines (one product of HK$100 by default),
 * a payment when asked, and the first history row. Amounts default to the lines' sum.
 */
export async function createOrderRow(db: Db, applicationKey: string, options: OrderOptions = {}) {
  const { lines: lineSpecs, proofImageUrls, ...overrides } = options;
  const lines = lineSpecs ?? [
    { productId: (await createProduct(db, applicationKey)).id, unitPriceCents: 10_000, quantity: 1 },
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const status = overrides.status ?? "awaiting_payment";
  const paymentStatus = overrides.paymentStatus ?? "no_payment_record";
  const [order] = await db
    .insert(orders)
    .values({
      applicationKey,
      orderNumber: sql`(select coalesce(max(order_number), 1000) + 1 from store_order where application_key = ${applicationKey})`,
      idempotencyKey: crypto.randomUUID(),
      channel: "online",
      customerName: `Customer ${unique()}`,
      customerEmail: `customer-${unique()}@factory.test`,
      customerPhone: "98765432",
      subtotalCents: subtotal,
      totalCents: subtotal,
      paymentMethod: "cash",
      paidAt: PAID_ONCE.includes(status) ? new Date().toISOString() : null,
      ...overrides,
      status,
      paymentStatus,
    })
    .returning();
  const lineRows = await db
    .insert(orderLines)
    .values(
      lines.map((line, position) => ({
        applicationKey,
        orderId: order.id,
        kind: line.kind ?? (line.productId ? "product" : "order_add_on"),
        productId: line.productId ?? null,
        addOnProductId: line.addOnProductId ?? null,
        position,
        nameZhHk: `項目 ${position + 1}`,
        nameEn: `Item ${position + 1}`,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
        refundedQuantity: line.refundedQuantity ?? 0,
      })),
    )
    .returning();
  if (paymentStatus !== "no_payment_record" || proofImageUrls) {
    await db.insert(orderPayments).values({
      applicationKey,
      orderId: order.id,
      method: order.paymentMethod ?? "cash",
      amountCents: Math.max(order.totalCents, 1),
      status: paymentStatus,
      proofImageUrls: proofImageUrls ?? [],
    });
  }
  await db.insert(orderStatusHistory).values({ applicationKey, orderId: order.id, toStatus: status });
  return { order, lines: lineRows };
}

/** A cart parked at the store's POS: one of a product. */
export async function createHeldCart(db: Db, applicationKey: string, productCode: string) {
  const [row] = await db
    .insert(posHeldCarts)
    .values({
      applicationKey,
      note: `Held ${unique()}`,
      cart: { lines: [{ product_code: productCode, quantity: 1, add_on_product_ids: [] }], order_add_ons: [] },
      heldBy: `staff-${unique()}@factory.test`,
    })
    .returning();
  return row;
}

export interface SupplierProductSpec {
  productId: number;
  costCents?: number;
  minimumOrderQuantity?: number;
  reorderPoint?: number | null;
}

/** A supplier of the store with these products (cost HK$8, minimum 1, no reorder point unless given). */
export async function createSupplier(
  db: Db,
  applicationKey: string,
  productSpecs: SupplierProductSpec[] = [],
  overrides: Partial<typeof suppliers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(suppliers)
    .values({ applicationKey, name: `Supplier ${unique()}`, phone: "23456789", ...overrides })
    .returning();
  if (productSpecs.length > 0) {
    await db.insert(supplierProducts).values(
      productSpecs.map((spec, position) => ({
        applicationKey,
        supplierId: row.id,
        productId: spec.productId,
        position,
        costCents: spec.costCents ?? 8_00,
        minimumOrderQuantity: spec.minimumOrderQuantity ?? 1,
        reorderPoint: spec.reorderPoint ?? null,
      })),
    );
  }
  return row;
}

export interface PurchaseOrderLineSpec {
  productId: number;
  quantity: number;
  unitCostCents?: number;
  receivedQuantity?: number;
}

/** A purchase order of the supplier in any status, numbered next in the store, with its lines. */
export async function createPurchaseOrderRow(
  db: Db,
  applicationKey: string,
  supplier: { id: number; name: string },
  lines: PurchaseOrderLineSpec[],
  overrides: Partial<typeof purchaseOrders.$inferInsert> = {},
) {
  const priced = lines.map((line) => ({ ...line, unitCostCents: line.unitCostCents ?? 8_00 }));
  const [order] = await db
    .insert(purchaseOrders)
    .values({
      applicationKey,
      poNumber: sql`(select coalesce(max(po_number), 0) + 1 from purchase_order where application_key = ${applicationKey})`,
      supplierId: supplier.id,
      supplierName: supplier.name,
      status: "draft",
      totalCents: priced.reduce((sum, line) => sum + line.quantity * line.unitCostCents, 0),
      orderedQuantity: priced.reduce((sum, line) => sum + line.quantity, 0),
      receivedQuantity: priced.reduce((sum, line) => sum + (line.receivedQuantity ?? 0), 0),
      ...overrides,
    })
    .returning();
  const productRows = await Promise.all(
    priced.map(async (line) => (await db.select().from(products).where(eq(products.id, line.productId)))[0]),
  );
  const lineRows = await db
    .insert(purchaseOrderLines)
    .values(
      priced.map((line, position) => ({
        applicationKey,
        purchaseOrderId: order.id,
        productId: line.productId,
        position,
        productCode: productRows[position].productCode,
        nameZhHk: productRows[position].nameZhHk,
        nameEn: productRows[position].nameEn,
        quantity: line.quantity,
        receivedQuantity: line.receivedQuantity ?? 0,
        unitCostCents: line.unitCostCents,
        lineTotalCents: line.quantity * line.unitCostCents,
      })),
    )
    .returning();
  await db
    .insert(purchaseOrderHistory)
    .values({ applicationKey, purchaseOrderId: order.id, toStatus: order.status, actorEmail: "factory@factory.test" });
  return { order, lines: lineRows };
}

/** An enquiry (general unless said) with the enquirer's first message. */
export async function createEnquiry(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof enquiries.$inferInsert> = {},
  message = "Do you deliver to Lamma Island?",
) {
  const [row] = await db
    .insert(enquiries)
    .values({
      applicationKey,
      kind: "general",
      name: `Enquirer ${unique()}`,
      email: `enquirer-${unique()}@factory.test`,
      phone: "91234567",
      subject: "Delivery",
      ...overrides,
    })
    .returning();
  await db.insert(enquiryMessages).values({ applicationKey, enquiryId: row.id, sender: "customer", body: message });
  return row;
}

/** A new quotation request from the store's website, asking for each product in `lines` (10 each unless said). */
export async function createQuotationRequest(
  db: Db,
  applicationKey: string,
  lines: { product: typeof products.$inferSelect; quantity?: number }[],
  overrides: Partial<typeof quotationRequests.$inferInsert> = {},
) {
  const [row] = await db
    .insert(quotationRequests)
    .values({
      applicationKey,
      contactName: `Buyer ${unique()}`,
      companyName: "Factory Trading Ltd",
      email: `buyer-${unique()}@factory.test`,
      phone: "91234567",
      message: "Please quote with delivery.",
      ...overrides,
    })
    .returning();
  if (lines.length > 0) {
    await db.insert(quotationRequestLines).values(
      lines.map(({ product, quantity = 10 }, position) => ({
        applicationKey,
        requestId: row.id,
        position,
        productId: product.id,
        nameZhHk: product.nameZhHk,
        nameEn: product.nameEn,
        quantity,
      })),
    );
  }
  return row;
}

/** A subscribed browser of the store (a made-up endpoint unless given), perhaps a member's. */
export async function createPushSubscription(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof pushSubscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      applicationKey,
      endpoint: `https://push.example.com/send/${unique()}`,
      p256dh: `B${"A".repeat(86)}`,
      auth: "A".repeat(22),
      ...overrides,
    })
    .returning();
  return row;
}

/** A push of the store: a draft to all subscribers unless told otherwise. */
export async function createPushNotification(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof pushNotifications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(pushNotifications)
    .values({
      applicationKey,
      titleZhHk: `推送 ${unique()}`,
      titleEn: "Push",
      bodyZhHk: "新貨到",
      bodyEn: "New arrivals",
      audience: "all",
      ...overrides,
    })
    .returning();
  return row;
}

/** An active coach of the store. */
export async function createCoach(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof courseCoaches.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(courseCoaches)
    .values({ applicationKey, nameZhHk: `導師 ${id}`, nameEn: `Coach ${id}`, ...overrides })
    .returning();
  return row;
}

export async function createCourseType(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof courseTypes.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(courseTypes)
    .values({ applicationKey, nameZhHk: `課程 ${id}`, nameEn: `Class ${id}`, colour: "#2e7d32", ...overrides })
    .returning();
  return row;
}

/** A package on sale (10 credits, HK$1,000, 90 days from purchase) paying for the given course types. */
export async function createCreditPackage(
  db: Db,
  applicationKey: string,
  courseTypeIds: number[],
  overrides: Partial<typeof creditPackages.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(creditPackages)
    .values({
      applicationKey,
      nameZhHk: `套票 ${id}`,
      nameEn: `Package ${id}`,
      credits: 10,
      priceCents: 100000,
      validityDays: 90,
      validityStarts: "purchase",
      onSale: true,
      ...overrides,
    })
    .returning();
  if (courseTypeIds.length > 0) {
    await db
      .insert(creditPackageCourseTypes)
      .values(courseTypeIds.map((courseTypeId) => ({ applicationKey, packageId: row.id, courseTypeId })));
  }
  return row;
}

/** A scheduled one-hour session, by default tomorrow at 10:00 HKT, needing 1 credit, with 10 places. */
export async function createCourseSession(
  db: Db,
  applicationKey: string,
  links: { courseTypeId: number; coachId: number },
  overrides: Partial<typeof courseSessions.$inferInsert> = {},
) {
  const startsAt = new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const [row] = await db
    .insert(courseSessions)
    .values({
      applicationKey,
      ...links,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      creditsNeeded: 1,
      maxPlaces: 10,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A paid counter order of the package for the member; the database grants its credits (the trigger of
 * credit_order). Returns the order and the member's new credit.
 */
export async function createPaidCreditOrder(
  db: Db,
  applicationKey: string,
  memberId: number,
  creditPackage: typeof creditPackages.$inferSelect,
  overrides: Partial<typeof creditOrders.$inferInsert> = {},
) {
  const [order] = await db
    .insert(creditOrders)
    .values({
      applicationKey,
      idempotencyKey: unique(),
      channel: "counter",
      memberId,
      packageId: creditPackage.id,
      packageNameZhHk: creditPackage.nameZhHk,
      packageNameEn: creditPackage.nameEn,
      credits: creditPackage.credits,
      validityDays: creditPackage.validityDays,
      validityStarts: creditPackage.validityStarts,
      priceCents: creditPackage.priceCents,
      status: "paid",
      paymentMethod: "cash",
      paymentStatus: "succeeded",
      paidAt: new Date().toISOString(),
      ...overrides,
    })
    .returning();
  const [credit] = await db.select().from(memberCredits).where(eq(memberCredits.creditOrderId, order.id));
  return { order, credit };
}

/**
 * A session of a new type and coach (tomorrow 10:00 HKT by default) and a member who bought a package of
 * 3 credits for that type, optionally already booked on it: what a booking page needs.
 */
export async function createCourseBookingSetup(
  db: Db,
  applicationKey: string,
  options: { booked?: boolean; session?: Partial<typeof courseSessions.$inferInsert> } = {},
) {
  const [coach, type] = await Promise.all([createCoach(db, applicationKey), createCourseType(db, applicationKey)]);
  const creditPackage = await createCreditPackage(db, applicationKey, [type.id], { credits: 3 });
  const [session, member] = await Promise.all([
    createCourseSession(db, applicationKey, { courseTypeId: type.id, coachId: coach.id }, options.session),
    createMember(db, applicationKey),
  ]);
  const { credit } = await createPaidCreditOrder(db, applicationKey, member.id, creditPackage);
  const [booking] = options.booked
    ? await db
        .insert(courseBookings)
        .values({ applicationKey, sessionId: session.id, memberId: member.id, creditId: credit.id, creditsSpent: 1 })
        .returning()
    : [null];
  return { coach, type, creditPackage, session, member, credit, booking };
}

type AppointmentVariant = typeof appointmentServices.$inferInsert.variant;

export async function createAppointmentProvider(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof appointmentProviders.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(appointmentProviders)
    .values({ applicationKey, variant: "general", nameZhHk: `師傅 ${id}`, nameEn: `Provider ${id}`, ...overrides })
    .returning();
  return row;
}

export async function createAppointmentCategory(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof appointmentCategories.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(appointmentCategories)
    .values({ applicationKey, variant: "general", nameZhHk: `類別 ${id}`, nameEn: `Category ${id}`, ...overrides })
    .returning();
  return row;
}

/**
 * A one-hour service (HK$300, one place per slot, no buffers, no notice) of a new category and provider
 * of the variant, open every day 10:00–18:00 HKT unless `schedules` says otherwise.
 */
export async function createAppointmentService(
  db: Db,
  applicationKey: string,
  options: {
    variant?: AppointmentVariant;
    service?: Partial<typeof appointmentServices.$inferInsert>;
    schedules?: Omit<typeof appointmentSchedules.$inferInsert, "applicationKey" | "serviceId">[];
  } = {},
) {
  const variant = options.variant ?? "general";
  const [category, provider] = await Promise.all([
    createAppointmentCategory(db, applicationKey, { variant }),
    createAppointmentProvider(db, applicationKey, { variant }),
  ]);
  const id = unique();
  const [service] = await db
    .insert(appointmentServices)
    .values({
      applicationKey,
      variant,
      categoryId: category.id,
      providerId: provider.id,
      nameZhHk: `服務 ${id}`,
      nameEn: `Service ${id}`,
      durationMinutes: 60,
      priceCents: 30_000,
      ...options.service,
    })
    .returning();
  const schedules = options.schedules ?? [{ scheduleType: "everyday", startTime: "10:00", endTime: "18:00" }];
  if (schedules.length > 0) {
    await db
      .insert(appointmentSchedules)
      .values(schedules.map((schedule) => ({ applicationKey, serviceId: service.id, ...schedule })));
  }
  return { category, provider, service };
}

/**
 * A booking of the service by a guest, by default tomorrow at 10:00 HKT for the service's duration, its
 * buffers blocking the provider's time around it; medical ones can carry patient details.
 */
export async function createAppointmentRecord(
  db: Db,
  applicationKey: string,
  service: typeof appointmentServices.$inferSelect,
  overrides: Partial<typeof appointmentRecords.$inferInsert> & {
    patient?: Partial<typeof appointmentPatients.$inferInsert>;
  } = {},
) {
  const { patient, ...recordOverrides } = overrides;
  const startsAt =
    recordOverrides.startsAt ??
    new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const endsAt = new Date(Date.parse(startsAt) + service.durationMinutes * 60_000).toISOString();
  const [record] = await db
    .insert(appointmentRecords)
    .values({
      applicationKey,
      variant: service.variant,
      serviceId: service.id,
      providerId: service.providerId,
      customerName: `Guest ${unique()}`,
      customerPhone: "91234567",
      customerEmail: `guest-${unique()}@example.com`,
      startsAt,
      endsAt,
      blockedFrom: new Date(Date.parse(startsAt) - service.bufferBeforeMinutes * 60_000).toISOString(),
      blockedUntil: new Date(Date.parse(endsAt) + service.bufferAfterMinutes * 60_000).toISOString(),
      priceCents: service.priceCents,
      channel: "staff",
      ...recordOverrides,
    })
    .returning();
  if (patient) await db.insert(appointmentPatients).values({ recordId: record.id, applicationKey, ...patient });
  return record;
}

export async function createMonthlyFeePlan(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof monthlyFeePlans.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(monthlyFeePlans)
    .values({
      applicationKey,
      nameZhHk: `月費 ${id}`,
      nameEn: `Monthly ${id}`,
      days: 30,
      priceCents: 80_000,
      ...overrides,
    })
    .returning();
  return row;
}

/** A pending record of the plan for the member, from `periodStart` (today in HKT by default). */
export async function createMonthlyFeeRecord(
  db: Db,
  applicationKey: string,
  memberId: number,
  plan: typeof monthlyFeePlans.$inferSelect,
  overrides: Partial<typeof monthlyFeeRecords.$inferInsert> = {},
) {
  const periodStart = overrides.periodStart ?? hongKongDate(new Date());
  const periodEnd = addDays(periodStart, plan.days - 1);
  const [row] = await db
    .insert(monthlyFeeRecords)
    .values({
      applicationKey,
      memberId,
      planId: plan.id,
      periodStart,
      periodEnd,
      days: plan.days,
      amountCents: plan.priceCents,
      ...overrides,
    })
    .returning();
  return row;
}

export interface QuotationLineSpec {
  /** None: a free line. */
  productId?: number;
  name?: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * A quotation in any status, numbered next in the store from Q1001, with its lines (a free line by
 * default), totals computed and its first history row.
 */
export async function createQuotation(
  db: Db,
  applicationKey: string,
  lines: QuotationLineSpec[] = [{ name: "Installation", unitPriceCents: 300_00, quantity: 1 }],
  overrides: Partial<typeof quotations.$inferInsert> = {},
) {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = overrides.discountCents ?? 0;
  const deliveryCents = overrides.deliveryCents ?? 0;
  const [row] = await db
    .insert(quotations)
    .values({
      applicationKey,
      quotationNumber: sql`(select coalesce(max(quotation_number), 1000) + 1 from quotation where application_key = ${applicationKey})`,
      contactName: `Customer ${unique()}`,
      email: `customer-${unique()}@factory.test`,
      validUntil: "2099-12-31",
      subtotalCents,
      totalCents: subtotalCents - discountCents + deliveryCents,
      ...overrides,
    })
    .returning();
  const productRows = await Promise.all(
    lines.map(async (line) =>
      line.productId === undefined
        ? undefined
        : (await db.select().from(products).where(eq(products.id, line.productId)))[0],
    ),
  );
  const lineRows = await db
    .insert(quotationLines)
    .values(
      lines.map((line, position) => ({
        applicationKey,
        quotationId: row.id,
        position,
        productId: line.productId ?? null,
        nameZhHk: line.name ?? productRows[position]?.nameZhHk ?? "Line",
        nameEn: line.name ?? productRows[position]?.nameEn ?? "Line",
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
      })),
    )
    .returning();
  await db.insert(quotationHistory).values({
    applicationKey,
    quotationId: row.id,
    revision: row.revision,
    toStatus: row.status,
    actorEmail: "factory@factory.test",
  });
  return { quotation: row, lines: lineRows };
}

/** A product taking bookings (open, quota 10, no deposit unless `overrides` say), with its setting. */
export async function createBookingProduct(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof productBookingSettings.$inferInsert> = {},
  productOverrides: Partial<typeof products.$inferInsert> = {},
) {
  const product = await createProduct(db, applicationKey, { stock: 0, ...productOverrides });
  const [setting] = await db
    .insert(productBookingSettings)
    .values({ applicationKey, productId: product.id, open: true, quota: 10, ...overrides })
    .returning();
  return { product, setting };
}

/** A guest's booking of a product taking bookings (1 unit, booked, by staff unless `overrides` say). */
export async function createProductBooking(
  db: Db,
  applicationKey: string,
  productId: number,
  overrides: Partial<typeof productBookings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(productBookings)
    .values({
      applicationKey,
      productId,
      customerName: "Chan Tai Man",
      customerPhone: "91234567",
      customerEmail: `booking-${unique()}@factory.test`,
      quantity: 1,
      channel: "staff",
      ...overrides,
    })
    .returning();
  return row;
}

/** A rentable product: 5 units at HK$100 a day, HK$500 a week, HK$200 deposit and HK$50 late fee per unit. */
export async function createRentingProduct(
  db: Db,
  applicationKey: string,
  overrides: Partial<typeof rentingProducts.$inferInsert> = {},
) {
  const id = unique();
  const [row] = await db
    .insert(rentingProducts)
    .values({
      applicationKey,
      nameZhHk: `帳篷 ${id}`,
      nameEn: `Tent ${id}`,
      unitsOwned: 5,
      pricePerDayCents: 10_000,
      pricePerWeekCents: 50_000,
      depositCents: 20_000,
      lateFeePerDayCents: 5_000,
      ...overrides,
    })
    .returning();
  return row;
}

/** A guest's booked rental of one unit for two days from `startsAt` (tomorrow 10:00 HKT by default). */
export async function createRentingRecord(
  db: Db,
  applicationKey: string,
  product: typeof rentingProducts.$inferSelect,
  overrides: Partial<typeof rentingRecords.$inferInsert> = {},
) {
  const startsAt =
    overrides.startsAt ??
    new Date(Date.parse(hongKongDayStart(hongKongDate(new Date()), 1)) + 10 * 3_600_000).toISOString();
  const endsAt = overrides.endsAt ?? new Date(Date.parse(startsAt) + 2 * 86_400_000).toISOString();
  const units = overrides.units ?? 1;
  const [row] = await db
    .insert(rentingRecords)
    .values({
      applicationKey,
      productId: product.id,
      customerName: "Chan Tai Man",
      customerPhone: "91234567",
      units,
      startsAt,
      endsAt,
      rentCents: 2 * product.pricePerDayCents * units,
      depositCents: product.depositCents * units,
      ...overrides,
    })
    .returning();
  return row;
}
