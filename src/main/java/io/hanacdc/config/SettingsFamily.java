package io.hanacdc.config;

import java.util.Set;

/**
 * A family of settings another part owns, all under one prefix: the Kafka target's client settings
 * (hanacdc.kafka.&lt;client setting&gt;). Found through ServiceLoader, so the settings check knows them
 * without knowing the part, and refuses a name in the family that is none of its names.
 */
public interface SettingsFamily {
    /** The prefix, ending in a dot. */
    String prefix();

    /** Every name after the prefix that is a setting of the family. */
    Set<String> names();
}
