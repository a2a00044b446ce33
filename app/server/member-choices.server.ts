/** A member as the option lists of bookings, rentals and records return them. */
interface MemberOption {
  id: number;
  name: string;
  member_code: string | null;
  phone: string | null;
}

/** Members found by a form's member search as the choices of its member select (name · code · phone). */
export function memberChoices(members: readonly MemberOption[]): { value: string; label: string }[] {
  return members.map((member) => ({
    value: String(member.id),
    label: [member.name, member.member_code, member.phone].filter(Boolean).join(" · "),
  }));
}
