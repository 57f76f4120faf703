"""The version of the client (sent in the default User-Agent)."""

VERSION = "0.1.0"
