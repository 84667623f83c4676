package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * A credential (a password, the admin token) set as a value (hanacdc.source.password, HANACDC_SOURCE_PASSWORD)
 * or as the file holding it (hanacdc.source.password-file, HANACDC_SOURCE_PASSWORD_FILE): the way Kubernetes
 * and Docker mount secrets, so the value sits neither in the environment nor in a properties file.
 */
final class SecretFile {
    private SecretFile() {}

    static Optional<String> read(Function<String, Optional<String>> props, String key) {
        String fileKey = key + "-file";
        Optional<String> value = props.apply(key).map(String::strip);
        Optional<String> file = props.apply(fileKey).map(String::strip);
        if (file.isEmpty()) {
            return value;
        }
        if (value.isPresent()) { // which one wins would depend on where each was set: refuse instead
            throw new CdcException(key + " and " + fileKey + " are both set: set only one of them");
        }
        Path path = Path.of(file.get());
        String content;
        try {
            content = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CdcException(fileKey + "=" + path + " cannot be read: " + reason(e));
        }
        // a secret created from a file (kubectl create secret --from-file, echo > file) keeps the file's last newline
        String secret = content.replaceFirst("[\r\n]+$", "");
        if (secret.isEmpty()) {
            throw new CdcException(fileKey + "=" + path + " is empty");
        }
        return Optional.of(secret);
    }

    private static String reason(IOException e) {
        return e instanceof NoSuchFileException ? "no such file"
                : e instanceof AccessDeniedException ? "permission denied for this process's user"
                : e instanceof CharacterCodingException ? "not UTF-8 text"
                : e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }
}
