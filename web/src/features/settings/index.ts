// The settings feature's public face: the maintenance banner the public layout shows.
export { MaintenanceBanner } from './components/maintenance-banner';
