import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { hongKongDate } from "../contract/dates";
import { enabledModules } from "../contract/modules";
import { promotionTexts } from "./locales.generated";
import { currentPlanValue } from "./current-plan";
import type { Db } from "./db/client";
import { notMoving } from "./db/store-moving";
import { couponMembers, coupons, members, storeAccounts, storeSettings } from "./db/schema";

const { en, "zh-HK": zhHK } = promotionTexts;

/** Codes without the letters and digits people misread (O/0, I/1). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const randomCodeCharacter = `substr('${CODE_ALPHABET}', (abs(random()) % ${CODE_ALPHABET.length}) + 1, 1)`;
const randomCode = sql.raw(Array.from({ length: 5 }, () => randomCodeCharacter).join(" || "));

/**
 * The birthday coupons of the Hong Kong month `now` falls in: one single-use coupon for each member born
 * that month, in every store whose promotion setting has them on and whose current plan and menu include
 * promotions. Runs with the daily jobs at 00:00 HKT: on the 1st it issues the month's coupons, on later days
 * it issues only what an earlier run missed, since the unique index on (store, month, member) keeps one
 * coupon per member and month; members registered during the month wait for their next birthday month.
 * A random code that happens to be taken in the store skips that member until the next day's run.
 */
export async function issueBirthdayCoupons(db: Db, now: Date) {
  const today = hongKongDate(now);
  const month = today.slice(0, 7);
  const monthStart = new Date(`${month}-01T00:00:00+08:00`).toISOString();

  const candidates = await db
    .select({
      applicationKey: storeAccounts.applicationKey,
      cmsSideMenu: storeAccounts.cmsSideMenu,
      moduleList: sql<string | null>`${currentPlanValue("module_list", today)}`,
    })
    .from(storeSettings)
    .innerJoin(storeAccounts, eq(storeAccounts.applicationKey, storeSettings.applicationKey))
    .where(
      and(
        eq(storeSettings.birthdayCouponEnabled, true),
        eq(storeAccounts.disabled, false),
        notMoving(storeSettings.applicationKey),
        gte(storeAccounts.currentPlanExpiryDate, today),
      ),
    );
  const stores = candidates
    .filter((store) => enabledModules(JSON.parse(store.moduleList ?? "[]"), store.cmsSideMenu).has("promotion"))
    .map((store) => store.applicationKey);
  if (stores.length === 0) return;

  await db.batch([
    db
      .insert(coupons)
      .select(
        db
          .select({
            id: sql`null`.as("id"),
            applicationKey: members.applicationKey,
            titleZhHk: sql`${zhHK.birthday.title.replace("{{month}}", month)}`.as("title_zh_hk"),
            titleEn: sql`${en.birthday.title.replace("{{month}}", month)}`.as("title_en"),
            code: sql`${randomCode}`.as("code"),
            description: sql`null`.as("description"),
            imageUrl: sql`null`.as("image_url"),
            usage: sql`'once'`.as("usage"),
            audience: sql`'specific'`.as("audience"),
            discountType: storeSettings.birthdayCouponType,
            // The setting's percentage is whole percent, the coupon's basis points.
            discountValue:
              sql`case when ${storeSettings.birthdayCouponType} = 'percentage' then ${storeSettings.birthdayCouponAmount} * 100 else ${storeSettings.birthdayCouponAmount} end`.as(
                "discount_value",
              ),
            startsAt: sql`${monthStart}`.as("starts_at"),
            expiresAt:
              sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${monthStart}, '+' || ${storeSettings.birthdayCouponValidDays} || ' days')`.as(
                "expires_at",
              ),
            minimumSubtotalCents: storeSettings.birthdayCouponMinimumSubtotalCents,
            usageLimit: sql`1`.as("usage_limit"),
            timesUsed: sql`0`.as("times_used"),
            disabled: sql`0`.as("disabled"),
            source: sql`'birthday'`.as("source"),
            issuedFor: sql`${month}`.as("issued_for"),
            birthdayMemberId: members.id,
            version: sql`1`.as("version"),
            createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
          })
          .from(members)
          .innerJoin(storeSettings, eq(storeSettings.applicationKey, members.applicationKey))
          .where(
            and(
              inArray(members.applicationKey, stores),
              notMoving(members.applicationKey),
              eq(members.birthdayMonth, Number(month.slice(5))),
              eq(members.disabled, false),
              sql`${members.registrationDate} < ${`${month}-01`}`,
            ),
          ),
      )
      .onConflictDoNothing(),
    db
      .insert(couponMembers)
      .select(
        db
          .select({
            applicationKey: coupons.applicationKey,
            couponId: coupons.id,
            memberId: sql<number>`${coupons.birthdayMemberId}`.as("member_id"),
          })
          .from(coupons)
          .where(
            and(
              inArray(coupons.applicationKey, stores),
              notMoving(coupons.applicationKey),
              eq(coupons.issuedFor, month),
              eq(coupons.source, "birthday"),
            ),
          ),
      )
      .onConflictDoNothing(),
  ]);
}
