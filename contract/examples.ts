import type * as z from "zod";

/** Records of one store (and of the console) that an example payload names; tests create them. */
export interface ExampleRecords {
  application_key: string;
  category_id: number;
  add_on_product_id: number;
  product_code: string;
  store_staff_id: number;
  plan_id: number;
  purchased_plan_id: number;
  internal_account_id: number;
  plan_promotion_code_id: number;
  member_id: number;
  coupon_id: number;
  order_id: number;
  /** A product line of that order. */
  order_line_id: number;
  /** A held POS cart; recalling one takes it off the list, so the recall example has its own. */
  held_cart_id: number;
  recalled_held_cart_id: number;
  /** An open POS shift. */
  pos_shift_id: number;
  /** A supplier of `supplier_product_code` (at its reorder point) with open purchase orders, and one without any. */
  supplier_id: number;
  supplier_product_code: string;
  closed_supplier_id: number;
  /** An ordered purchase order (version 2) of that supplier, with a line of that product, and a draft (version 1). */
  purchase_order_id: number;
  purchase_order_line_id: number;
  draft_purchase_order_id: number;
  /** A published custom page, and its link. */
  custom_page_id: number;
  custom_page_link: string;
  /** A new enquiry of each kind (version 1), and one of each kind the delete examples remove. */
  enquiry_id: number;
  closed_enquiry_id: number;
  medi_enquiry_id: number;
  closed_medi_enquiry_id: number;
  /** A draft push (version 1), a scheduled one (version 1) and a subscribed browser of the store. */
  push_notification_id: number;
  scheduled_push_notification_id: number;
  push_subscription_id: number;
  /** An image uploaded to the store, for the examples' image fields. */
  uploaded_image_url: string;
  /** A banner slide (version 1) and a top-level menu item with a child (version 1 each). */
  home_banner_id: number;
  menu_item_id: number;
  /**
   * A coach and a course type; a credit package for that type, on sale, and two paid credit orders of
   * `member_id` for it (version 1 each, credits unused); a scheduled session tomorrow (1 credit, 10 places),
   * a credit of `member_id` that pays for its type, and that member's booking of another session of the
   * same type, paid by that credit; another session of theirs, which the cancel example cancels.
   */
  coach_id: number;
  course_type_id: number;
  credit_package_id: number;
  credit_order_id: number;
  refundable_credit_order_id: number;
  course_session_id: number;
  member_credit_id: number;
  course_booking_id: number;
  cancellable_course_session_id: number;
  /** A monthly fee plan (30 days, HK$800, version 1) with two pending records of `member_id` (version 1 each). */
  monthly_fee_plan_id: number;
  monthly_fee_record_id: number;
  cancellable_monthly_fee_record_id: number;
  /**
   * Of each appointment variant: a provider, a category and a service of theirs (version 1 each, open on
   * weekdays), and a provider, a category and a service nothing uses, which the delete examples remove.
   */
  appointment_provider_id: number;
  appointment_category_id: number;
  appointment_service_id: number;
  spare_appointment_provider_id: number;
  spare_appointment_category_id: number;
  spare_appointment_service_id: number;
  medi_appointment_provider_id: number;
  medi_appointment_category_id: number;
  medi_appointment_service_id: number;
  spare_medi_appointment_provider_id: number;
  spare_medi_appointment_category_id: number;
  spare_medi_appointment_service_id: number;
  /**
   * A general booking, and a medical one with patient details (version 1), of services tomorrow
   * (the patient examples save over version 1, then erase them).
   */
  appointment_record_id: number;
  medi_appointment_record_id: number;
  /**
   * Appointment bookings: a service of each variant open every day 10:00–18:00 HKT (1 h, capacity 1),
   * and a guest's booking of it tomorrow at 10:00 HKT (version 1).
   */
  appointment_booking_service_id: number;
  appointment_booking_id: number;
  medi_appointment_booking_service_id: number;
  medi_appointment_booking_id: number;
  /**
   * Two new quotation requests from the store's website (version 1), each asking for `product_code`: the
   * quote example quotes the first, the close example closes the second.
   */
  quotation_request_id: number;
  closable_quotation_request_id: number;
  /**
   * Quotations: a pending one (version 1), an approved one with a free line (version 1, valid until
   * 2099), and the customer link's token of another pending one.
   */
  quotation_id: number;
  approved_quotation_id: number;
  quotation_token: string;
  /**
   * Product booking: a sold-out product (stock 1, published) taking bookings (quota 10, HK$50 deposit a
   * unit, version 1), and a guest's booking of it (1 unit, booked, version 1).
   */
  booking_product_id: number;
  booking_product_code: string;
  product_booking_id: number;
  /**
   * A rentable product (EXAMPLE_RENTING_PRODUCT, version 1) with a guest's booked rental of 1 unit in June
   * 2030 (version 1) and another booked rental, which the status example cancels.
   */
  renting_product_id: number;
  renting_record_id: number;
  cancellable_renting_record_id: number;
}

/**
 * A valid payload for every action of a module, built around given records: registry-wide tests
 * call each action with it (another store's key, another store's ids, a role without the permission).
 */
export type Examples<P extends Record<string, z.ZodType>> = {
  [N in keyof P]: (records: ExampleRecords) => z.input<P[N]>;
};
