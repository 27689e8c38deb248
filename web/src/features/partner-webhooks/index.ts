// The partner webhooks feature's public face: the panel, placed on a partner's page by whoever
// shows one: the admin's partner detail and the partner user's own 'Integração' page.
export { WebhooksPanel } from './components/webhooks-panel';
