import type { Db } from "../../backend/db/client";
import type { SharedExampleRecords } from "../../tests/helpers/example-records";
import { createAppointmentRecord } from "../appointment-record/factories";
import { createAppointmentService } from "../appointment-setup/factories";
import type { AppointmentBookingExampleRecords } from "./contract";

export async function appointmentBookingExampleRecords(
  db: Db,
  { application_key }: SharedExampleRecords,
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
  };
}
