/** The customizations feature's public entry: its service and how a customization leaves the server. */
export { type CustomizationService, presentCustomization } from './customization.service.ts';
