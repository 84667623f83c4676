package io.hanacdc.config;

import java.util.List;

/**
 * Settings declared together, a section of docs/configuration.md. The groups of config are Settings' own; a
 * source's or target's home (and any other part) declares its settings in a group of its own, found through
 * ServiceLoader (META-INF/services), so the settings know them without knowing the part.
 */
public interface SettingGroup {
    /** The section's heading in the reference. */
    String title();

    /** Where the section stands in the reference, lowest first. */
    int rank();

    List<Setting> settings();

    /** A paragraph the reference writes before the section's table (markdown; empty: none). */
    default String about() {
        return "";
    }
}
