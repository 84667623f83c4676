package io.hanacdc;

public final class Application {
    public static void main(String[] args) {
        System.out.println("hana-cdc");
    }
}
