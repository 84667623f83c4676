package io.hanacdc.sink;

import io.hanacdc.common.CdcException;

/** An operation this kind of target does not offer (yet): the table waits with this message; check lists the probe as skipped. */
public final class NotSupportedByTarget extends CdcException {
    public NotSupportedByTarget(String what, String target) {
        super(what + " is not supported for " + target + " targets yet");
    }
}
