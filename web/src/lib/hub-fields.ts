// A Hub's and its lockers' fields as the API validates them (contract/shared/hub-fields.ts),
// shared rather than copied: the dashboard's forms refuse exactly what the server would. Plain
// fields only (no objects), so they run without code generation under the CSP.
export * from '../../../contract/shared/hub-fields';
