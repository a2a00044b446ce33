import { TIMETABLE_URL } from "./__timetable-filters";
import { FormLayout } from "@shopify/polaris/build/esm/components/FormLayout/FormLayout.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import {
  APPLY_TO,
  editCourseSessionChecks,
  editCourseSessionFields,
  newCourseSessionChecks,
  newCourseSessionFields,
  REPEATS,
  type CourseSessionChoices,
  type CourseSessionRecord,
} from "#modules/course-session/contract";
import { WEEKDAYS } from "#contract/course-calendar";
import { hongKongTime } from "#contract/dates";
import { localizedName } from "#contract/localized";
import { CheckboxGroup, SelectInput, type Choice } from "~/components/choice-inputs";
import type { FieldLike } from "~/components/field";
import { FormSection } from "~/components/form-section";
import { TextInput, TextInputPair } from "~/components/text-input";

export const newSessionFormSchema = z.object(newCourseSessionFields).check(...newCourseSessionChecks);
export const editSessionFormSchema = z.object(editCourseSessionFields).check(...editCourseSessionChecks);

export const NEW_SESSION_VALUES = {
  repeat: "none",
  credits_needed: "1",
  max_places: "10",
  start_time: "10:00",
  end_time: "11:00",
};

/** The week view of the week a Hong Kong date is in. */
export const weekUrl = (date: string) => `${TIMETABLE_URL}?week=${date}`;

export function sessionFormValues(session: CourseSessionRecord) {
  const [date, startTime] = hongKongTime(session.starts_at).split(" ");
  return {
    course_type_id: String(session.course_type_id),
    coach_id: String(session.coach_id),
    location: session.location,
    date,
    start_time: startTime,
    end_time: hongKongTime(session.ends_at).slice(11),
    credits_needed: String(session.credits_needed),
    max_places: String(session.max_places),
    note: session.note,
    apply_to: "this",
    version: session.version,
  };
}

/** The type and coach choices in the page's language; an inactive coach only when the session has them. */
export function sessionChoices(
  choices: CourseSessionChoices,
  locale: string,
  t: (key: "inactive", o: { name: string }) => string,
  currentCoachId?: number,
) {
  return {
    courseTypes: choices.course_types.map((type) => ({
      value: String(type.id),
      label: localizedName(type, locale, "name"),
    })),
    coaches: choices.coaches
      .filter((coach) => coach.active || coach.id === currentCoachId)
      .map((coach) => {
        const name = localizedName(coach, locale, "name");
        return { value: String(coach.id), label: coach.active ? name : t("inactive", { name }) };
      }),
  };
}

interface SessionFieldsProps {
  fields: Record<
    | "course_type_id"
    | "coach_id"
    | "location"
    | "date"
    | "start_time"
    | "end_time"
    | "credits_needed"
    | "max_places"
    | "note",
    FieldLike
  >;
  courseTypes: Choice[];
  coaches: Choice[];
}

/** The fields of one session, for adding and editing. */
export function SessionFields({ fields, courseTypes, coaches, dateHelp }: SessionFieldsProps & { dateHelp?: string }) {
  const { t } = useTranslation("course-session");
  return (
    <>
      <FormSection title={t("section.session")}>
        <FormLayout>
          <FormLayout.Group>
            <SelectInput
              field={fields.course_type_id}
              label={t("field.course-type")}
              choices={courseTypes}
              placeholder=""
            />
            <SelectInput field={fields.coach_id} label={t("field.coach")} choices={coaches} placeholder="" />
          </FormLayout.Group>
          <TextInput field={fields.location} label={t("field.location")} autoComplete="off" />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.when")}>
        <FormLayout>
          <TextInput field={fields.date} label={t("field.date")} type="date" autoComplete="off" helpText={dateHelp} />
          <TextInputPair
            type="time"
            fields={[
              { field: fields.start_time, label: t("field.start-time"), helpText: t("help.time") },
              { field: fields.end_time, label: t("field.end-time") },
            ]}
          />
        </FormLayout>
      </FormSection>
      <FormSection title={t("section.places")}>
        <FormLayout>
          <TextInputPair
            type="number"
            fields={[
              { field: fields.credits_needed, label: t("field.credits-needed"), helpText: t("help.credits-needed") },
              { field: fields.max_places, label: t("field.max-places") },
            ]}
          />
          <TextInput field={fields.note} label={t("field.note")} autoComplete="off" multiline={3} />
        </FormLayout>
      </FormSection>
    </>
  );
}

/** The add form's repeat: none, or every week on some weekdays until a last date. */
export function RepeatFields({ fields }: { fields: Record<"repeat" | "weekdays" | "to_date", FieldLike> }) {
  const { t } = useTranslation("course-session");
  return (
    <FormSection title={t("section.repeat")}>
      <FormLayout>
        <SelectInput
          field={fields.repeat}
          label={t("field.repeat")}
          choices={REPEATS.map((repeat) => ({ value: repeat, label: t(`repeat.${repeat}`) }))}
          helpText={t("help.repeat")}
        />
        <CheckboxGroup
          field={fields.weekdays}
          label={t("field.weekdays")}
          columns={4}
          choices={WEEKDAYS.map((day) => ({ value: day, label: t(`weekday.${day}`) }))}
        />
        <TextInput
          field={fields.to_date}
          label={t("field.to-date")}
          type="date"
          autoComplete="off"
          helpText={t("help.to-date")}
        />
      </FormLayout>
    </FormSection>
  );
}

/** The edit form's choice for a session of a series: this one, or this and the following ones. */
export function ApplyToField({ field }: { field: FieldLike }) {
  const { t } = useTranslation("course-session");
  return (
    <FormSection>
      <SelectInput
        field={field}
        label={t("field.apply-to")}
        choices={APPLY_TO.map((applyTo) => ({ value: applyTo, label: t(`apply-to.${applyTo}`) }))}
        helpText={t("help.apply-to")}
      />
    </FormSection>
  );
}
