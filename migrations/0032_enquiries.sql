CREATE TABLE `enquiry` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subject` text NOT NULL,
	`date_of_birth` text,
	`preferred_date` text,
	`preferred_time_slot` text,
	`practitioner` text,
	`assignee_id` integer,
	`note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`application_key`) REFERENCES `store_account`(`application_key`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_id`) REFERENCES `store_staff`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "enquiry_kind" CHECK("enquiry"."kind" IN ('general', 'medical')),
	CONSTRAINT "enquiry_status" CHECK("enquiry"."status" IN ('new', 'in_progress', 'replied', 'closed')),
	CONSTRAINT "enquiry_time_slot" CHECK("enquiry"."preferred_time_slot" IS NULL OR "enquiry"."preferred_time_slot" IN ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
CREATE INDEX `enquiry_store_created_idx` ON `enquiry` (`application_key`,`kind`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `enquiry_store_name_idx` ON `enquiry` (`application_key`,`kind`,"name" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `enquiry_store_status_idx` ON `enquiry` (`application_key`,`kind`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `enquiry_assignee_idx` ON `enquiry` (`assignee_id`);--> statement-breakpoint
CREATE TABLE `enquiry_message` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_key` text NOT NULL,
	`enquiry_id` integer NOT NULL,
	`sender` text NOT NULL,
	`author_email` text,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiry`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "enquiry_message_sender" CHECK("enquiry_message"."sender" IN ('customer', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `enquiry_message_enquiry_idx` ON `enquiry_message` (`enquiry_id`,`id`);