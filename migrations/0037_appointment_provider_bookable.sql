-- A service takes new bookings only while it, its category and its provider do: an inactive provider
-- (someone who has left, or is away) is bookable again once made active.
DROP TRIGGER `appointment_record_bookable`;--> statement-breakpoint
CREATE TRIGGER `appointment_record_bookable` BEFORE INSERT ON `appointment_record`
WHEN new.status = 'success' AND NOT EXISTS (
  SELECT 1 FROM `appointment_service` AS service
  JOIN `appointment_category` AS category ON category.id = service.category_id
  JOIN `appointment_provider` AS provider ON provider.id = service.provider_id
  WHERE service.id = new.service_id AND service.status = 'accept' AND category.status = 'accept'
    AND provider.active = 1
)
BEGIN
  SELECT RAISE(ABORT, 'appointment_category_unavailable');
END;
