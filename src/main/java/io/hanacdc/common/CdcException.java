package io.hanacdc.common;

/** A failure with a message a user can act on: it names the object and says what to do. */
public class CdcException extends RuntimeException {
    public CdcException(String message) {
        super(message);
    }

    public CdcException(String message, Throwable cause) {
        super(message, cause);
    }
}
