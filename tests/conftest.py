"""Shared test configuration: hypothesis profiles."""

import os

from hypothesis import HealthCheck, settings

# "ci" runs each property with enough examples that the suite as a whole exceeds the
# 2,000-example floor; "dev" is quick for local iteration. Select with HYPOTHESIS_PROFILE.
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
