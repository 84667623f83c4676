package io.hanacdc;
import org.junit.jupiter.api.Test;
class SmokeTest { @Test void runs() { Application.main(new String[0]); } }
