export {
  createDriveConnector,
  DEFAULT_DRIVE_HOSTS,
  type DriveConnectorOptions,
  type DriveHosts,
} from './create-drive-connector.js';
