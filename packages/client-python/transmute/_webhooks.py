"""Standard Webhooks signature verification (the scheme the service signs with, CONTRACT §10)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from ._errors import WebhookVerificationError

SECRET_PREFIX = "whsec_"


def _header(headers: Any, name: str) -> Optional[str]:
    """A header of a dict (any case) or of http.server / email.message headers (case-insensitive)."""
    if not isinstance(headers, Mapping) and hasattr(headers, "get"):
        value = headers.get(name)
        return None if value is None else str(value)
    for key, value in dict(headers).items():
        if key.lower() == name:
            return " ".join(value) if isinstance(value, (list, tuple)) else str(value)
    return None


def _key(secret: str) -> bytes:
    encoded = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if not key:
        raise WebhookVerificationError("The webhook secret is empty or not base64.")
    return key


def _signatures(value: str) -> List[bytes]:
    """The ``v1`` signatures of a ``webhook-signature`` header, decoded."""
    found = []
    for part in value.split(" "):
        version, _, signature = part.partition(",")
        if version == "v1" and signature:
            try:
                found.append(base64.b64decode(signature))
            except (binascii.Error, ValueError):
                continue
    return found


def verify_webhook(
    payload: Union[bytes, str],
    headers: Any,
    secret: Union[str, Sequence[str]],
    tolerance_seconds: int = 300,
    now: Optional[float] = None,
) -> Dict[str, Any]:
    """Verifies a webhook delivery and returns its parsed event envelope.

    Pass the raw body exactly as received. The signature is an HMAC-SHA256 over
    ``{webhook-id}.{webhook-timestamp}.{body}`` keyed by the base64 part of the ``whsec_`` secret;
    any ``v1,`` signature of the space-separated list may match (two are sent while a rotated secret
    still signs), and several secrets may be passed to accept either side of a rotation. Timestamps
    more than ``tolerance_seconds`` away from now are refused (replay protection). Raises
    ``WebhookVerificationError`` when the delivery is not authentic or not fresh.
    """
    message_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signature_header = _header(headers, "webhook-signature")
    if message_id is None or timestamp is None or signature_header is None:
        raise WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header.")
    if not re.fullmatch(r"[0-9]+", timestamp):
        raise WebhookVerificationError("Invalid webhook-timestamp header.")
    now_seconds = int(time.time() if now is None else now)
    sent_at = int(timestamp)
    if sent_at < now_seconds - tolerance_seconds:
        raise WebhookVerificationError("The webhook timestamp is too old.")
    if sent_at > now_seconds + tolerance_seconds:
        raise WebhookVerificationError("The webhook timestamp is too new.")

    body = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    signed = f"{message_id}.{timestamp}.".encode("utf-8") + body
    candidates = _signatures(signature_header)
    secrets: Iterable[str] = [secret] if isinstance(secret, str) else secret
    # compare_digest: the comparison time says nothing about how many bytes matched.
    matched = any(
        hmac.compare_digest(candidate, hmac.new(_key(one), signed, hashlib.sha256).digest())
        for one in secrets
        for candidate in candidates
    )
    if not matched:
        raise WebhookVerificationError("No matching webhook signature found.")
    try:
        envelope = json.loads(body.decode("utf-8"))
    except ValueError as error:
        raise WebhookVerificationError("The webhook payload is not JSON.") from error
    if not isinstance(envelope, dict):
        raise WebhookVerificationError("The webhook payload is not a JSON object.")
    return envelope
