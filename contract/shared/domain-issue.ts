// A refusal the domain would make too, raised early by a schema: `ctx.addIssue(domainIssue(code,
// message))`. The API's parse() answers it exactly as the domain would (its code and message,
// 400); a form shows the message.
export const domainIssue = (code: string, message: string) => ({ code: 'custom' as const, message, params: { domainCode: code } });
