// The partner form's messages and e-mail rule, the same module the server's decider and schemas use.
export * from '../../../domain/partners/partner-messages';
