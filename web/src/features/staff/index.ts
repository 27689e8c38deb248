// The staff feature's public face (issue 26 item 7): the editor of an operator's Hubs (for the
// operator's form) and the 'Equipe' card of the admin's Hub page.
export { StaffHubsEditor } from './components/staff-hubs-editor';
export { HubStaffCard } from './components/hub-staff-card';
