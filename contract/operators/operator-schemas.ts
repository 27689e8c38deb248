import { z } from 'zod';
import { OperatorMessages } from '../../domain/operators/operator-decide.js';
import { AccountMessages, EMAIL_MAX, NAME_MAX, phoneDigitsField } from '../shared/account-fields.js';
import { domainIssue } from '../shared/domain-issue.js';
import { UserMessages } from '../users/user-bodies.js';
import { ClientUser, ROLES } from '../users/user-schemas.js';

// The Operators screen's calls (spec §2 "Operators", §3 Operator, §5 "Operator form"). An
// operator is an account: the one the screen made (is_operator) or any with a role other than
// 'user'. There is no password in the form: a new operator is mailed an invitation link.

export { OperatorMessages };

/** An operator as the screen lists it. */
export const Operator = ClientUser.pick({ id: true, name: true, email: true, phone: true, role: true, isAdmin: true })
  .extend({
    // isAdmin follows the role: true only for 'admin' (never for every operator, as the spec's form sent).
    /** The MASTER_OPERATOR_EMAIL account: its e-mail is fixed and it cannot be removed. */
    is_master: z.boolean(),
    /** Invited and no password set yet ('Reenviar convite'). */
    invitation_pending: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Operator' });

export const OperatorList = z.array(Operator);

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const text = (max: number) => z.string({ error: AccountMessages.notText }).trim().max(max, `Máximo de ${max} caracteres`);
const email = () => text(EMAIL_MAX).toLowerCase();
const phone = () => z.preprocess(blankToNull, phoneDigitsField().nullable()).optional();
const role = () => z.enum(ROLES, { error: UserMessages.role });
const isEmail = (value: string) => z.email().safeParse(value).success;
const badEmail = { code: 'custom' as const, path: ['email'], message: AccountMessages.email };

/** POST /api/operators. `isAdmin` is accepted (the spec's form sends it) and ignored: the role decides. */
export const CreateOperatorBody = z
  .object({ name: text(NAME_MAX).optional(), email: email().optional(), phone: phone(), role: role().default('user'), isAdmin: z.boolean().optional() })
  .superRefine((body, ctx) => {
    if (!body.name || !body.email) ctx.addIssue(domainIssue('operator_required', OperatorMessages.required));
    else if (!isEmail(body.email)) ctx.addIssue(badEmail);
  })
  .transform(({ name, email, phone, role }) => ({ name: name ?? '', email: email ?? '', phone: phone ?? null, role }));

/** PUT /api/operators/{id}: only the fields sent; name and e-mail cannot become blank. */
export const UpdateOperatorBody = z
  .object({ name: text(NAME_MAX).optional(), email: email().optional(), phone: phone(), role: role().optional(), isAdmin: z.boolean().optional() })
  .superRefine((body, ctx) => {
    if (body.name === '' || body.email === '') ctx.addIssue(domainIssue('operator_required', OperatorMessages.required));
    else if (body.email !== undefined && !isEmail(body.email)) ctx.addIssue(badEmail);
  })
  .transform(({ isAdmin: _ignored, ...fields }) => fields);

export const OperatorIdParams = z.object({ id: z.string().max(64) });

export type OperatorView = z.infer<typeof Operator>;
export type CreateOperatorInput = z.output<typeof CreateOperatorBody>;
export type UpdateOperatorInput = z.output<typeof UpdateOperatorBody>;
