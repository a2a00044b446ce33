import { signBookingLink, bookingLinkExpiry, type BookingLink } from "../../backend/booking-link";
import type { Db } from "../../backend/db/client";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { createAppointmentRecord } from "../appointment-record/factories";
import { createAppointmentService } from "../appointment-setup/factories";
import type { AppointmentBookingExampleRecords } from "./contract";

export async function appointmentBookingExampleRecords(
  db: Db,
  { application_key, session_secret }: SharedExampleRecords,
): Promise<AppointmentBookingExampleRecords> {
  const [{ service }, { service: medicalService }] = await Promise.all([
    createAppointmentService(db, application_key),
    createAppointmentService(db, application_key, { variant: "medical" }),
  ]);
  const [booking, medicalBooking] = await Promise.all([
    createAppointmentRecord(db, application_key, service),
    createAppointmentRecord(db, application_key, medicalService),
  ]);
  return {
    appointment_booking_service_id: service.id,
    appointment_booking_id: booking.id,
    medi_appointment_booking_service_id: medicalService.id,
    medi_appointment_booking_id: medicalBooking.id,
    appointment_booking_token: await bookingLinkToken(session_secret, {
      applicationKey: application_key,
      kind: "general",
      id: booking.id,
      expires: bookingLinkExpiry(booking.startsAt),
    }),
  };
}

/** The token of a booking's link, as its e-mails carry it. */
export async function bookingLinkToken(secret: string, link: BookingLink): Promise<string> {
  const token = await signBookingLink(secret, link);
  if (token === null) throw new Error("No secret to sign a booking link with");
  return token;
}
