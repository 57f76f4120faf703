"""The typed models of the v1 API (TypedDicts and Literal aliases), generated from the contract.

    from transmute.models import Job, CreateJobRequest, JobStatus
"""

from ._models import *  # noqa: F401,F403  (the generated module is the one place they are written)
