"""The project settings with channels-redis' pub/sub layer, for `ws_fanout.py --channel-layer pubsub`:
one Redis PUBLISH per group message, fanned out inside each process (the default core layer queues
one message per subscribed channel)."""

from server.config.settings import *  # noqa: F403
from server.config.settings import CHANNEL_PREFIX, REDIS_URL

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": CHANNEL_PREFIX},
    }
}
