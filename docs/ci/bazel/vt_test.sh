#!/bin/sh
# Run by the sh_test of BUILD.bazel, once per shard. The test starts in its
# runfiles, where go.mod is a link to the module's own: vt test runs in
# the module. Each shard's result goes to the test's undeclared outputs
# (bazel-testlogs/PKG/vt_test/shard_I_of_4/test.outputs); vt merge
# combines them.
cd "$(dirname "$(readlink -f go.mod)")" || exit 2
exec vt test -json -time 60s -timeout 20m ./... > "$TEST_UNDECLARED_OUTPUTS_DIR/vt-$TEST_SHARD_INDEX.json"
