/** The person a licence names, as the checks downstream of the document need it. */
export type Identity = {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
};
