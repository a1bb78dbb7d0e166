/*
 * A stand-in push service's TLS certificate and key, for tests only: a self-signed certificate for
 * 127.0.0.1 and localhost (made once with openssl, valid for a century). web-push speaks HTTPS only,
 * so the test push service serves this, and the app under test trusts it through its push agent.
 */
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbJ7jUZV7CAIi1M1B
Q1xUHfmzQwissI49JIFDTEG9kBehRANCAARfiQyPe82T++CDAH9qJEhSNLSDNGAv
CdhL2qjzRk1fQXz7DhwZQS7e35Kbu6Px7kCiiwH1uPVwoaMpC7kUxKt8
-----END PRIVATE KEY-----
`;
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUZ74G7DeA7kC2lrxWVbiJnLQ5XCAwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNTA0MzExOVoYDzIxMjYxMTAx
MDQzMTE5WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARfiQyPe82T++CDAH9qJEhSNLSDNGAvCdhL2qjzRk1fQXz7DhwZQS7e
35Kbu6Px7kCiiwH1uPVwoaMpC7kUxKt8o28wbTAdBgNVHQ4EFgQUj7EM8FvLh97U
UuNbANk0c6gsg88wHwYDVR0jBBgwFoAUj7EM8FvLh97UUuNbANk0c6gsg88wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDRwAwRAIgUxgDFX42o662Sa9ESQrRE4I3fkoLigGl9cNw35SVzHICIGlY
EqPDpCYc/mYxrOhzXG/R4PY2XbkUvzdahOBlv+KF
-----END CERTIFICATE-----
`;
