/** Fields the student's enrolment page keeps on an enrolment request, read by the server's other parts too. */

/** Set on the enrolment when the student withdraws it through the page (an ISO instant). */
export const WITHDRAWN_FIELD = 'withdrawnAt';
/** The field the certificate issued for this enrolment is linked by (written when it is issued). */
export const CERTIFICATE_FIELD = 'certificateId';
