/**
 * What a developer reads when a loopback or private destination is refused (a URL source, a webhook
 * receiver): the setting of a self-hosted server that allows it.
 */
export const PRIVATE_NETWORKS_HINT =
  ' For development, a server started with --allow-private-networks (TRANSMUTE_ALLOW_PRIVATE_NETWORKS=true, service option allowPrivateNetworks) also accepts http:// and private or loopback addresses.';
